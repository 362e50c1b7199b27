import { fold } from '../../events/decider';
import type { EmailPreferenceEvent } from './preferences.events';
import { DEFAULT_TOPICS, emailPreferencesDecider as decider, type EmailPreferencesCommand, type EmailPreferencesState } from './preferences.decider';

const now = new Date('2026-11-23T12:00:00Z');

/** Runs commands one after another, as the command runner would, and returns state and all events. */
function run(...commands: EmailPreferencesCommand[]): { state: EmailPreferencesState; events: EmailPreferenceEvent[] } {
  const events: EmailPreferenceEvent[] = [];
  for (const command of commands) events.push(...decider.decide(command, fold(decider, events)));
  return { state: fold(decider, events), events };
}

describe('email preferences', () => {
  it('starts with product updates and session reminders on, marketing off', () => {
    expect(decider.initialState().topics).toEqual(DEFAULT_TOPICS);
    expect(DEFAULT_TOPICS).toEqual({ product_updates: true, newsletter: false, tips_and_offers: false, session_reminders: true });
  });

  it('records only the topics that change', () => {
    const { events, state } = run({ type: 'SetTopics', topics: { product_updates: true, newsletter: true, session_reminders: false }, via: 'preferences', now });
    expect(events.map((e) => [e.type, 'topic' in e.data ? e.data.topic : null])).toEqual([
      ['EmailTopicSubscribed', 'newsletter'],
      ['EmailTopicUnsubscribed', 'session_reminders'],
    ]);
    expect(state.topics).toEqual({ product_updates: true, newsletter: true, tips_and_offers: false, session_reminders: false });
  });

  it('one-click unsubscribe is idempotent', () => {
    const once = { type: 'UnsubscribeTopic', topic: 'product_updates', via: 'one-click', now } as const;
    const { events, state } = run(once, once, once);
    expect(events).toHaveLength(1);
    expect(state.topics.product_updates).toBe(false);
  });

  it('unsubscribe from all turns everything off once, and resubscribe restores the earlier choices', () => {
    const { events, state } = run(
      { type: 'SetTopics', topics: { newsletter: true, session_reminders: false }, via: 'preferences', now },
      { type: 'UnsubscribeAll', via: 'preferences', now },
      { type: 'UnsubscribeAll', via: 'one-click', now },
    );
    expect(events.filter((e) => e.type === 'EmailUnsubscribedFromAll')).toHaveLength(1);
    expect(Object.values(state.topics).every((on) => !on)).toBe(true);
    expect(state.unsubscribedFromAll).toBe(true);
    expect(run({ type: 'Resubscribe', via: 'preferences', now }).events).toHaveLength(0);
    const resumed = decider.decide({ type: 'Resubscribe', via: 'preferences', now }, state);
    expect(resumed.map((e) => e.type)).toEqual(['EmailResubscribed']);
    expect(fold(decider, [...events, ...resumed]).topics).toEqual({ product_updates: true, newsletter: true, tips_and_offers: false, session_reminders: false });
  });

  it('turning one topic on after unsubscribing from all gives just that topic', () => {
    const { state } = run({ type: 'UnsubscribeAll', via: 'preferences', now }, { type: 'SetTopics', topics: { newsletter: true }, via: 'preferences', now });
    expect(state).toEqual({ topics: { product_updates: false, newsletter: true, tips_and_offers: false, session_reminders: false }, unsubscribedFromAll: false, beforeUnsubscribeAll: null });
  });

  it('resubscribing after everything had been off goes back to the defaults', () => {
    const { state } = run(
      { type: 'SetTopics', topics: { product_updates: false, session_reminders: false }, via: 'preferences', now },
      { type: 'UnsubscribeAll', via: 'preferences', now },
      { type: 'Resubscribe', via: 'preferences', now },
    );
    expect(state.topics).toEqual(DEFAULT_TOPICS);
  });

  it('records every request for a fresh link', () => {
    const ask = { type: 'RequestManageLink', address: 'ada@example.com', requestId: 'r1', now } as const;
    expect(run(ask, { ...ask, requestId: 'r2' }).events.map((e) => e.type)).toEqual(['ManageEmailLinkRequested', 'ManageEmailLinkRequested']);
  });
});
