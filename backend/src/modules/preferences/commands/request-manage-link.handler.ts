import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { emailPreferencesStreamId } from '../email-address';
import { emailPreferencesDecider, type EmailPreferencesState } from '../preferences.decider';

export class RequestManageLink extends Command<CommandOutcome<EmailPreferencesState>> {
  constructor(
    readonly address: string,
    readonly requestId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Records that a manage-email link was asked for; the email follows from the event. */
@CommandHandler(RequestManageLink)
export class RequestManageLinkHandler implements ICommandHandler<RequestManageLink, CommandOutcome<EmailPreferencesState>> {
  constructor(private readonly store: EventStore) {}

  execute({ address, requestId, metadata }: RequestManageLink): Promise<CommandOutcome<EmailPreferencesState>> {
    return runCommand({
      store: this.store,
      streamId: emailPreferencesStreamId(address),
      decider: emailPreferencesDecider,
      command: { type: 'RequestManageLink', address, requestId, now: new Date() },
      metadata,
    });
  }
}
