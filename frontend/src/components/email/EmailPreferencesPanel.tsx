import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { EMAIL_TOPIC_INFO, EMAIL_TOPICS, type EmailTopic } from '@contracts/preferences/email-topics';
import {
  emailPreferenceChangeWord,
  updateEmailPreferences,
  type EmailPreferenceChange,
  type EmailPreferencesView,
} from '@contracts/preferences/preferences.contract';
import { ServerFnError } from '../../lib/server-fn-client';
import { updateEmailPreferencesMutation } from '../../queries/email';
import { FormAlert } from '../forms/FormField';
import { Button } from '../ui/Button';
import { TopicSwitch } from './TopicSwitch';

type Pending = EmailTopic | 'all' | null;

/** The switch a change is saving (its topic), or 'all' for the buttons that change every topic. */
function pendingOf(change: EmailPreferenceChange | undefined): Pending {
  if (!change) return null;
  return change.type === 'set-topics' ? (EMAIL_TOPICS.find((topic) => topic in change.topics) ?? 'all') : 'all';
}

/** What the page says when a form posted without JavaScript comes back (`?status=…&reason=…`). */
function plainOutcome(outcome: { status: 'sent' | 'error'; reason?: string } | undefined): { saved: string; error?: string } {
  if (outcome?.status === 'sent') return { saved: 'Saved.' };
  if (outcome?.status === 'error')
    return {
      saved: '',
      error: outcome.reason === 'RATE_LIMITED' ? 'Too many changes at once; wait a moment and try again.' : 'We could not save that. Please try again.',
    };
  return { saved: '' };
}

/**
 * Every topic's switch for one address; each change is saved at once and said out loud. Each
 * switch and "Unsubscribe from all" is a button of one form posting to the server function, so
 * the page works without JavaScript too (the server answers with this page again, a 303).
 */
export function EmailPreferencesPanel({
  initial,
  token,
  outcome,
}: {
  initial: EmailPreferencesView;
  token: string;
  outcome?: { status: 'sent' | 'error'; reason?: string };
}) {
  const [view, setView] = useState(initial);
  const [saved, setSaved] = useState(() => plainOutcome(outcome).saved);
  const [plainError, setPlainError] = useState<string | undefined>(() => plainOutcome(outcome).error);
  const update = useMutation(updateEmailPreferencesMutation());
  const pending = update.isPending ? pendingOf(update.variables?.change) : null;
  const error = update.error
    ? update.error instanceof ServerFnError
      ? update.error.message
      : 'We could not save that. Check your connection and try again.'
    : plainError;

  const save = (change: EmailPreferenceChange, done: (next: EmailPreferencesView) => string) => {
    setPlainError(undefined);
    setSaved('');
    update.mutate(
      { email: view.email, token, change },
      {
        onSuccess: (next) => {
          setView(next);
          setSaved(done(next));
        },
      },
    );
  };

  const onCount = view.topics.filter((t) => t.on).length;
  /** A form button: its change posted as one word without JavaScript, saved in place with it. */
  const changeButton = (change: EmailPreferenceChange, done: (next: EmailPreferencesView) => string) => ({
    type: 'submit' as const,
    name: 'change',
    value: emailPreferenceChangeWord(change),
    disabled: pending !== null,
    onClick: (event: { preventDefault(): void }) => {
      event.preventDefault();
      save(change, done);
    },
  });
  return (
    <form method="post" action={`/_serverFn/${updateEmailPreferences.id}`} className="space-y-6">
      <input type="hidden" name="email" value={view.email} />
      <input type="hidden" name="token" value={token} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {view.unsubscribedFromAll ? (
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-line-strong bg-surface-overlay px-5 py-4">
          <p className="text-ink">You are unsubscribed from all our updates.</p>
          <Button variant="secondary" size="sm" {...changeButton({ type: 'resubscribe' }, () => 'Resubscribed: your earlier choices are back.')}>
            Resubscribe
          </Button>
        </div>
      ) : null}
      <fieldset>
        <legend className="text-lg font-semibold text-ink">What we send you</legend>
        <div className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface-raised">
          {view.topics.map(({ topic, on }) => (
            <TopicSwitch
              key={topic}
              id={`topic-${topic}`}
              topic={topic}
              label={EMAIL_TOPIC_INFO[topic].label}
              description={EMAIL_TOPIC_INFO[topic].description}
              on={on}
              pending={pending === topic}
              onChange={(next) =>
                save({ type: 'set-topics', topics: { [topic]: next } }, () => `Saved: ${EMAIL_TOPIC_INFO[topic].label} ${next ? 'on' : 'off'}.`)
              }
            />
          ))}
        </div>
      </fieldset>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-success">
        {saved}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
        <p className="max-w-md text-sm text-ink-subtle">Receipts, license keys and booking emails always come: they are about things you did.</p>
        {onCount > 0 ? (
          <Button variant="secondary" {...changeButton({ type: 'unsubscribe-all' }, () => 'Unsubscribed from all updates.')}>
            Unsubscribe from all
          </Button>
        ) : null}
      </div>
    </form>
  );
}
