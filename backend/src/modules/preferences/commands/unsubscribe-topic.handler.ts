import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import type { EmailTopic } from '../../../../../contracts/preferences/email-topics';
import type { ChangeVia } from '../preferences.decider';
import { emailPreferencesStreamId } from '../email-address';
import { emailPreferencesDecider, type EmailPreferencesState } from '../preferences.decider';

export class UnsubscribeTopic extends Command<CommandOutcome<EmailPreferencesState>> {
  constructor(
    readonly address: string,
    readonly topic: EmailTopic,
    readonly via: ChangeVia,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Turns one topic off for the address (the one-click link, or the page). */
@CommandHandler(UnsubscribeTopic)
export class UnsubscribeTopicHandler implements ICommandHandler<UnsubscribeTopic, CommandOutcome<EmailPreferencesState>> {
  constructor(private readonly store: EventStore) {}

  execute({ address, topic, via, metadata }: UnsubscribeTopic): Promise<CommandOutcome<EmailPreferencesState>> {
    return runCommand({
      store: this.store,
      streamId: emailPreferencesStreamId(address),
      decider: emailPreferencesDecider,
      command: { type: 'UnsubscribeTopic', topic, via, now: new Date() },
      metadata,
    });
  }
}
