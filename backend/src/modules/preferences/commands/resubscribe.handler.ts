import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import type { ChangeVia } from '../preferences.decider';
import { emailPreferencesStreamId } from '../email-address';
import { emailPreferencesDecider, type EmailPreferencesState } from '../preferences.decider';

export class Resubscribe extends Command<CommandOutcome<EmailPreferencesState>> {
  constructor(
    readonly address: string,
    readonly via: ChangeVia,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Lifts an unsubscribe-from-all: the topics chosen before it apply again. */
@CommandHandler(Resubscribe)
export class ResubscribeHandler implements ICommandHandler<Resubscribe, CommandOutcome<EmailPreferencesState>> {
  constructor(private readonly store: EventStore) {}

  execute({ address, via, metadata }: Resubscribe): Promise<CommandOutcome<EmailPreferencesState>> {
    return runCommand({
      store: this.store,
      streamId: emailPreferencesStreamId(address),
      decider: emailPreferencesDecider,
      command: { type: 'Resubscribe', via, now: new Date() },
      metadata,
    });
  }
}
