import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { creditLedgerDecider, type CreditState } from '../credits.decider';
import { creditStreamId } from '../credits.events';
import { CreditAccountStreams, RACE_RETRIES } from './credit-account-streams';

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
  constructor(
    private readonly store: EventStore,
    private readonly streams: CreditAccountStreams,
  ) {}

  execute({ userId, packId, reason, at, metadata }: RemoveCreditPack): Promise<CommandOutcome<CreditState>> {
    return this.streams.lanes.run(userId, () =>
      runCommand({
        store: this.store,
        streamId: creditStreamId(userId),
        decider: creditLedgerDecider,
        command: { type: 'RemoveCreditPack', userId, packId, reason, at },
        metadata,
        retries: RACE_RETRIES,
        cache: this.streams.states,
      }),
    );
  }
}
