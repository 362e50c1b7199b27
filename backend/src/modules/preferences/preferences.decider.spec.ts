import { deciderSpec } from '../../../../test/support/decider-spec';
import { DEFAULT_TOPICS, emailPreferencesDecider as decider } from './preferences.decider';

const spec = deciderSpec(decider);
const now = new Date('2026-11-23T12:00:00Z');

describe('email preferences', () => {
  it('starts with product updates and session reminders on, marketing off', () => {
    expect(decider.initialState().topics).toEqual(DEFAULT_TOPICS);
    expect(DEFAULT_TOPICS).toEqual({ product_updates: true, newsletter: false, tips_and_offers: false, session_reminders: true });
  });

  it('records only the topics that change', () => {
    spec
      .given([])
      .when({ type: 'SetTopics', topics: { product_updates: true, newsletter: true, session_reminders: false }, via: 'preferences', now })
      .then((events, state) => {
        expect(events.map((e) => [e.type, 'topic' in e.data ? e.data.topic : null])).toEqual([
          ['EmailTopicSubscribed', 'newsletter'],
          ['EmailTopicUnsubscribed', 'session_reminders'],
        ]);
        expect(state.topics).toEqual({ product_updates: true, newsletter: true, tips_and_offers: false, session_reminders: false });
      });
  });

  it('one-click unsubscribe is idempotent', () => {
    const once = { type: 'UnsubscribeTopic', topic: 'product_updates', via: 'one-click', now } as const;
    spec
      .given([])
      .when(once, once, once)
      .then((events, state) => {
        expect(events).toHaveLength(1);
        expect(state.topics.product_updates).toBe(false);
      });
  });

  it('unsubscribe from all turns everything off once, and resubscribe restores the earlier choices', () => {
    const history = [
      { type: 'SetTopics', topics: { newsletter: true, session_reminders: false }, via: 'preferences', now },
      { type: 'UnsubscribeAll', via: 'preferences', now },
      { type: 'UnsubscribeAll', via: 'one-click', now },
    ] as const;
    spec
      .given([])
      .when(...history)
      .then((events, state) => {
        expect(events.filter((e) => e.type === 'EmailUnsubscribedFromAll')).toHaveLength(1);
        expect(Object.values(state.topics).every((on) => !on)).toBe(true);
        expect(state.unsubscribedFromAll).toBe(true);
      });
    spec
      .given([])
      .when({ type: 'Resubscribe', via: 'preferences', now })
      .then((events) => expect(events).toHaveLength(0));
    spec
      .givenCommands(...history)
      .when({ type: 'Resubscribe', via: 'preferences', now })
      .then((resumed, state) => {
        expect(resumed.map((e) => e.type)).toEqual(['EmailResubscribed']);
        expect(state.topics).toEqual({ product_updates: true, newsletter: true, tips_and_offers: false, session_reminders: false });
      });
  });

  it('turning one topic on after unsubscribing from all gives just that topic', () => {
    spec
      .given([])
      .when({ type: 'UnsubscribeAll', via: 'preferences', now }, { type: 'SetTopics', topics: { newsletter: true }, via: 'preferences', now })
      .then((_events, state) => {
        expect(state).toEqual({
          topics: { product_updates: false, newsletter: true, tips_and_offers: false, session_reminders: false },
          unsubscribedFromAll: false,
          beforeUnsubscribeAll: null,
        });
      });
  });

  it('resubscribing after everything had been off goes back to the defaults', () => {
    spec
      .given([])
      .when(
        { type: 'SetTopics', topics: { product_updates: false, session_reminders: false }, via: 'preferences', now },
        { type: 'UnsubscribeAll', via: 'preferences', now },
        { type: 'Resubscribe', via: 'preferences', now },
      )
      .then((_events, state) => expect(state.topics).toEqual(DEFAULT_TOPICS));
  });

  it('records every request for a fresh link', () => {
    const ask = { type: 'RequestManageLink', address: 'ada@example.com', requestId: 'r1', now } as const;
    spec
      .given([])
      .when(ask, { ...ask, requestId: 'r2' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ManageEmailLinkRequested', 'ManageEmailLinkRequested']));
  });
});
