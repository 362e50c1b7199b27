import { fold } from '../../events/decider';
import type { EventStore } from '../../events/event-store';
import type { EmailTopic } from '../../../../contracts/preferences/email-topics';
import { emailPreferencesStreamId } from './email-address';
import { emailPreferencesDecider, type EmailPreferencesState } from './preferences.decider';

/** One address's preferences, read by folding its stream (commands/ changes them). */
export class EmailPreferences {
  constructor(private readonly store: EventStore) {}

  async read(address: string): Promise<EmailPreferencesState> {
    return fold(emailPreferencesDecider, await this.store.readStream(emailPreferencesStreamId(address), emailPreferencesDecider.events));
  }

  async isTopicOn(address: string, topic: EmailTopic): Promise<boolean> {
    return (await this.read(address)).topics[topic];
  }

  /** Whether anything was ever recorded for the address (it has chosen, or asked for, something). */
  async isKnown(address: string): Promise<boolean> {
    return (await this.store.readStream(emailPreferencesStreamId(address), emailPreferencesDecider.events)).length > 0;
  }
}
