import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { supportCreditGrantsDecider } from '../support-credit-grants.decider';
import { supportCreditGrantsStreamId, utcDay } from '../support-credit-grants.events';

export class RecordSupportCreditGrant extends Command<void> {
  constructor(
    readonly actorId: string,
    readonly actionId: string,
    readonly credits: number,
    readonly now: Date,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Grants sent at once by one admin lose the race for the stream's next version and are counted again on top of the winner's. */
const RACES = 10;

/**
 * Counts a support admin's credit grant against their day before the action is recorded, or
 * refuses it (admin.daily_grant_limit) with what is left today. A grant counted whose action then
 * fails to be recorded stays counted: the cap errs towards granting less, never more.
 */
@CommandHandler(RecordSupportCreditGrant)
export class RecordSupportCreditGrantHandler implements ICommandHandler<RecordSupportCreditGrant, void> {
  constructor(private readonly store: EventStore) {}

  async execute({ actorId, actionId, credits, now, metadata }: RecordSupportCreditGrant): Promise<void> {
    await runCommand({
      store: this.store,
      streamId: supportCreditGrantsStreamId(actorId, utcDay(now)),
      decider: supportCreditGrantsDecider,
      command: { type: 'RecordSupportCreditGrant', actorId, actionId, credits, now },
      metadata,
      retries: RACES,
    });
  }
}
