import { useState } from 'react';
import { EMAIL_TOPIC_INFO, type EmailTopic } from '@contracts/preferences/email-topics';
import {
  emailPreferenceChangeWord,
  updateEmailPreferences,
  type EmailPreferenceChange,
  type EmailPreferencesView,
} from '@contracts/preferences/preferences.contract';
import { callServerFn, ServerFnError } from '../../lib/server-fn-client';
import { FormAlert } from '../forms/FormField';
import { Button } from '../ui/Button';
import { TopicSwitch } from './TopicSwitch';

type Pending = EmailTopic | 'all' | null;

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
  const [pending, setPending] = useState<Pending>(null);
  const [saved, setSaved] = useState(() => plainOutcome(outcome).saved);
  const [error, setError] = useState<string | undefined>(() => plainOutcome(outcome).error);

  const save = async (change: EmailPreferenceChange, what: Pending, done: (next: EmailPreferencesView) => string) => {
    setPending(what);
    setError(undefined);
    setSaved('');
    try {
      const next = await callServerFn(updateEmailPreferences, { email: view.email, token, change });
      setView(next);
      setSaved(done(next));
    } catch (caught) {
      setError(caught instanceof ServerFnError ? caught.message : 'We could not save that. Check your connection and try again.');
    } finally {
      setPending(null);
    }
  };

  const onCount = view.topics.filter((t) => t.on).length;
  /** A form button: its change posted as one word without JavaScript, saved in place with it. */
  const changeButton = (change: EmailPreferenceChange, what: Pending, done: (next: EmailPreferencesView) => string) => ({
    type: 'submit' as const,
    name: 'change',
    value: emailPreferenceChangeWord(change),
    disabled: pending !== null,
    onClick: (event: { preventDefault(): void }) => {
      event.preventDefault();
      void save(change, what, done);
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
          <Button variant="secondary" size="sm" {...changeButton({ type: 'resubscribe' }, 'all', () => 'Resubscribed: your earlier choices are back.')}>
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
                void save({ type: 'set-topics', topics: { [topic]: next } }, topic, () => `Saved: ${EMAIL_TOPIC_INFO[topic].label} ${next ? 'on' : 'off'}.`)
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
          <Button variant="secondary" {...changeButton({ type: 'unsubscribe-all' }, 'all', () => 'Unsubscribed from all updates.')}>
            Unsubscribe from all
          </Button>
        ) : null}
      </div>
    </form>
  );
}
