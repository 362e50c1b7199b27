import { useState } from 'react';
import { EMAIL_TOPIC_INFO, type EmailTopic } from '@contracts/preferences/email-topics';
import { updateEmailPreferences, type EmailPreferenceChange, type EmailPreferencesView } from '@contracts/preferences/preferences.contract';
import { callServerFn, ServerFnError } from '../../lib/server-fn-client';
import { FormAlert } from '../forms/FormField';
import { Button } from '../ui/Button';
import { TopicSwitch } from './TopicSwitch';

type Pending = EmailTopic | 'all' | null;

/** Every topic's switch for one address; each change is saved at once and said out loud. */
export function EmailPreferencesPanel({ initial, token }: { initial: EmailPreferencesView; token: string }) {
  const [view, setView] = useState(initial);
  const [pending, setPending] = useState<Pending>(null);
  const [saved, setSaved] = useState('');
  const [error, setError] = useState<string>();

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
  return (
    <div className="space-y-6">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {view.unsubscribedFromAll ? (
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-line-strong bg-surface-overlay px-5 py-4">
          <p className="text-ink">You are unsubscribed from all our updates.</p>
          <Button
            variant="secondary"
            size="sm"
            disabled={pending !== null}
            onClick={() => void save({ type: 'resubscribe' }, 'all', () => 'Resubscribed: your earlier choices are back.')}
          >
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
          <Button
            variant="secondary"
            disabled={pending !== null}
            onClick={() => void save({ type: 'unsubscribe-all' }, 'all', () => 'Unsubscribed from all updates.')}
          >
            Unsubscribe from all
          </Button>
        ) : null}
      </div>
    </div>
  );
}
