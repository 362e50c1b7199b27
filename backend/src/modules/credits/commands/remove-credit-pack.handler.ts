import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { creditLedgerDecider, type CreditState } from '../credits.decider';
import { creditStreamId } from '../credits.events';
import { CreditAccountStreams } from './credit-account-streams';

export class RemoveCreditPack extends Command<CommandOutcome<CreditState>> {
  constructor(
    readonly userId: string,
    readonly packId: string,
    readonly reason: 'refund' | 'dispute',
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** A refunded or disputed pack takes back what is left of its credits. */
@CommandHandler(RemoveCreditPack)
export class RemoveCreditPackHandler implements ICommandHandler<RemoveCreditPack, CommandOutcome<CreditState>> {
  constructor(private readonly accounts: CreditAccountStreams) {}

  execute({ userId, packId, reason, at, metadata }: RemoveCreditPack): Promise<CommandOutcome<CreditState>> {
    return runCommand({
      serialize: this.accounts.streams,
      streamId: creditStreamId(userId),
      decider: creditLedgerDecider,
      command: { type: 'RemoveCreditPack', userId, packId, reason, at },
      metadata,
      cache: this.accounts.states,
    });
  }
}
