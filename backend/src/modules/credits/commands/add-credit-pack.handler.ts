import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { creditLedgerDecider, type CreditState } from '../credits.decider';
import { creditStreamId } from '../credits.events';
import { CreditAccountStreams, RACE_RETRIES } from './credit-account-streams';

export class AddCreditPack extends Command<CommandOutcome<CreditState>> {
  constructor(
    readonly userId: string,
    readonly pack: { packId: string; resourceId: string; title: string; credits: number },
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** A paid credit pack adds its credits to the buyer's account; adding it twice changes nothing. */
@CommandHandler(AddCreditPack)
export class AddCreditPackHandler implements ICommandHandler<AddCreditPack, CommandOutcome<CreditState>> {
  constructor(
    private readonly store: EventStore,
    private readonly streams: CreditAccountStreams,
  ) {}

  execute({ userId, pack, at, metadata }: AddCreditPack): Promise<CommandOutcome<CreditState>> {
    return this.streams.lanes.run(userId, () =>
      runCommand({
        store: this.store,
        streamId: creditStreamId(userId),
        decider: creditLedgerDecider,
        command: { type: 'AddCreditPack', userId, ...pack, at },
        metadata,
        retries: RACE_RETRIES,
        cache: this.streams.states,
      }),
    );
  }
}
