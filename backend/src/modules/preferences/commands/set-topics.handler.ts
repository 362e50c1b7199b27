import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import type { ChangeVia, TopicStates } from '../preferences.decider';
import { emailPreferencesStreamId } from '../email-address';
import { emailPreferencesDecider, type EmailPreferencesState } from '../preferences.decider';

export class SetTopics extends Command<CommandOutcome<EmailPreferencesState>> {
  constructor(
    readonly address: string,
    readonly topics: Partial<TopicStates>,
    readonly via: ChangeVia,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Turns the address's topics on or off as chosen. */
@CommandHandler(SetTopics)
export class SetTopicsHandler implements ICommandHandler<SetTopics, CommandOutcome<EmailPreferencesState>> {
  constructor(private readonly store: EventStore) {}

  execute({ address, topics, via, metadata }: SetTopics): Promise<CommandOutcome<EmailPreferencesState>> {
    return runCommand({
      store: this.store,
      streamId: emailPreferencesStreamId(address),
      decider: emailPreferencesDecider,
      command: { type: 'SetTopics', topics, via, now: new Date() },
      metadata,
    });
  }
}
