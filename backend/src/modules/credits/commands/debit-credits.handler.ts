import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UsageKind, UsageMeasures } from '../../../../../contracts/plugin/credits-v1';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { addOnRemaining, creditLedgerDecider, includedRemaining, type CreditCommand, type CreditState } from '../credits.decider';
import { creditStreamId } from '../credits.events';
import type { CreditAccount } from '../credit-accounts';
import { CreditAccountStreams } from './credit-account-streams';

/** A usage entry's id follows from the AI service's request id, so a repeat names the same entry. */
export const usageEntryId = (requestId: string) => `use_${createHash('sha256').update(`usage:${requestId}`).digest('hex').slice(0, 24)}`;
const usageSourceId = (requestId: string) => `credit-usage:${requestId}`;

export type DebitResult =
  { status: 'debited'; entryId: string; includedRemaining: number; addOnRemaining: number } | { status: 'already_recorded'; entryId: string };

export class DebitCredits extends Command<DebitResult> {
  constructor(
    readonly account: CreditAccount,
    readonly usage: { requestId: string; endpoint: string; usageKind: UsageKind; credits: number; measures: UsageMeasures | null },
    readonly at: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Debits once per request id, ever; throws InsufficientCreditsError (nothing debited) past the balance. */
@CommandHandler(DebitCredits)
export class DebitCreditsHandler implements ICommandHandler<DebitCredits, DebitResult> {
  constructor(
    private readonly store: EventStore,
    private readonly accounts: CreditAccountStreams,
  ) {}

  async execute({ account, usage, at, metadata }: DebitCredits): Promise<DebitResult> {
    const entryId = usageEntryId(usage.requestId);
    if (await this.store.sourceRecorded(usageSourceId(usage.requestId))) return { status: 'already_recorded', entryId };
    const command: CreditCommand = {
      type: 'DebitCredits',
      userId: account.userId,
      entryId,
      requestId: usage.requestId,
      cycle: account.cycle,
      endpoint: usage.endpoint,
      usageKind: usage.usageKind,
      credits: usage.credits,
      measures: usage.measures,
      at,
    };
    const outcome = await runCommand<CreditCommand, Parameters<typeof creditLedgerDecider.evolve>[1], CreditState>({
      serialize: this.accounts.streams,
      streamId: creditStreamId(account.userId),
      decider: creditLedgerDecider,
      command,
      metadata: { ...metadata, sourceId: usageSourceId(usage.requestId) },
      cache: this.accounts.states,
    });
    if (outcome.status !== 'appended') return { status: 'already_recorded', entryId };
    return { status: 'debited', entryId, includedRemaining: includedRemaining(outcome.state, account.cycle), addOnRemaining: addOnRemaining(outcome.state) };
  }
}
