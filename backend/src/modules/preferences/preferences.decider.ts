import type { Decider } from '../../events/decider';
import { EMAIL_TOPICS, type EmailTopic } from '../../../../contracts/preferences/email-topics';
import {
  EmailResubscribed,
  EmailTopicSubscribed,
  EmailTopicUnsubscribed,
  EmailUnsubscribedFromAll,
  ManageEmailLinkRequested,
  type EmailPreferenceEvent,
} from './preferences.events';

export type TopicStates = Record<EmailTopic, boolean>;
export type ChangeVia = 'preferences' | 'one-click' | 'support';

/** What an address gets before it has said anything: product news and its own session reminders; marketing is opt-in. */
export const DEFAULT_TOPICS: Readonly<TopicStates> = { product_updates: true, newsletter: false, tips_and_offers: false, session_reminders: true };

export interface EmailPreferencesState {
  topics: TopicStates;
  unsubscribedFromAll: boolean;
  /** The topics as they were when everything was turned off, for a resubscribe. */
  beforeUnsubscribeAll: TopicStates | null;
}

export type EmailPreferencesCommand =
  | { type: 'SetTopics'; topics: Partial<TopicStates>; via: ChangeVia; now: Date }
  | { type: 'UnsubscribeTopic'; topic: EmailTopic; via: ChangeVia; now: Date }
  | { type: 'UnsubscribeAll'; via: ChangeVia; now: Date }
  | { type: 'Resubscribe'; via: ChangeVia; now: Date }
  | { type: 'RequestManageLink'; address: string; requestId: string; now: Date };

const allOff = (): TopicStates => Object.fromEntries(EMAIL_TOPICS.map((t) => [t, false])) as TopicStates;

/**
 * One address's choices. Every command is idempotent: asking for the state it is already in
 * records nothing, so a mail client's repeated one-click POST changes nothing the second time.
 */
export const emailPreferencesDecider: Decider<EmailPreferencesCommand, EmailPreferenceEvent, EmailPreferencesState> = {
  events: [EmailTopicSubscribed, EmailTopicUnsubscribed, EmailUnsubscribedFromAll, EmailResubscribed, ManageEmailLinkRequested],
  initialState: () => ({ topics: { ...DEFAULT_TOPICS }, unsubscribedFromAll: false, beforeUnsubscribeAll: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'EmailTopicSubscribed':
        return { topics: { ...state.topics, [event.data.topic]: true }, unsubscribedFromAll: false, beforeUnsubscribeAll: null };
      case 'EmailTopicUnsubscribed':
        return { ...state, topics: { ...state.topics, [event.data.topic]: false } };
      case 'EmailUnsubscribedFromAll':
        return { topics: allOff(), unsubscribedFromAll: true, beforeUnsubscribeAll: state.topics };
      case 'EmailResubscribed': {
        const before = state.beforeUnsubscribeAll;
        const restored = before && Object.values(before).some(Boolean) ? before : { ...DEFAULT_TOPICS };
        return { topics: restored, unsubscribedFromAll: false, beforeUnsubscribeAll: null };
      }
      case 'ManageEmailLinkRequested':
        return state;
    }
  },

  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'SetTopics':
        return EMAIL_TOPICS.flatMap((topic) => {
          const wanted = command.topics[topic];
          if (wanted === undefined || wanted === state.topics[topic]) return [];
          return [wanted ? EmailTopicSubscribed({ topic, via: command.via, at }) : EmailTopicUnsubscribed({ topic, via: command.via, at })];
        });
      case 'UnsubscribeTopic':
        return state.topics[command.topic] ? [EmailTopicUnsubscribed({ topic: command.topic, via: command.via, at })] : [];
      case 'UnsubscribeAll':
        return state.unsubscribedFromAll ? [] : [EmailUnsubscribedFromAll({ via: command.via, at })];
      case 'Resubscribe':
        return state.unsubscribedFromAll ? [EmailResubscribed({ via: command.via, at })] : [];
      case 'RequestManageLink':
        return [ManageEmailLinkRequested({ address: command.address, requestId: command.requestId, at })];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
