import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import type { ChangeVia } from '../preferences.decider';
import { emailPreferencesStreamId } from '../email-address';
import { emailPreferencesDecider, type EmailPreferencesState } from '../preferences.decider';

export class UnsubscribeAll extends Command<CommandOutcome<EmailPreferencesState>> {
  constructor(
    readonly address: string,
    readonly via: ChangeVia,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Stops every email to the address that is not a receipt or a sign-in. */
@CommandHandler(UnsubscribeAll)
export class UnsubscribeAllHandler implements ICommandHandler<UnsubscribeAll, CommandOutcome<EmailPreferencesState>> {
  constructor(private readonly store: EventStore) {}

  execute({ address, via, metadata }: UnsubscribeAll): Promise<CommandOutcome<EmailPreferencesState>> {
    return runCommand({
      store: this.store,
      streamId: emailPreferencesStreamId(address),
      decider: emailPreferencesDecider,
      command: { type: 'UnsubscribeAll', via, now: new Date() },
      metadata,
    });
  }
}
