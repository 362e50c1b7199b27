import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { creditLedgerDecider, type CreditState } from '../credits.decider';
import { creditStreamId } from '../credits.events';
import { CreditAccountStreams } from './credit-account-streams';

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
  constructor(private readonly accounts: CreditAccountStreams) {}

  execute({ userId, pack, at, metadata }: AddCreditPack): Promise<CommandOutcome<CreditState>> {
    return runCommand({
      serialize: this.accounts.streams,
      streamId: creditStreamId(userId),
      decider: creditLedgerDecider,
      command: { type: 'AddCreditPack', userId, ...pack, at },
      metadata,
      cache: this.accounts.states,
    });
  }
}
