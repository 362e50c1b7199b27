import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { UsageKind, UsageMeasures } from '../../../../../contracts/plugin/credits-v1';
import { runCommand, StreamStateCache } from '../../../events/command-runner';
import { KeyedLanes } from '../../../events/keyed-lanes';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import { addOnRemaining, creditLedgerDecider, includedRemaining, type CreditCommand, type CreditState } from '../credits.decider';
import { creditStreamId } from '../credits.events';
import type { CreditAccount } from '../credit-accounts';

/** A usage entry's id follows from the AI service's request id, so a repeat names the same entry. */
export const usageEntryId = (requestId: string) => `use_${createHash('sha256').update(`usage:${requestId}`).digest('hex').slice(0, 24)}`;
const usageSourceId = (requestId: string) => `credit-usage:${requestId}`;

export type DebitResult =
  { status: 'debited'; entryId: string; includedRemaining: number; addOnRemaining: number } | { status: 'already_recorded'; entryId: string };

/** Concurrent debits of one account in another process lose the stream race and try again. */
const RACE_RETRIES = 20;

/**
 * Credit commands on an account's stream. Debits of one account are taken one at a time in this
 * process (they would only race for the stream's next version otherwise); across processes the
 * stream's optimistic concurrency keeps every balance at or above zero.
 */
export class CreditLedger {
  private readonly lanes = new KeyedLanes();
  /** An account's stream grows with every debit: it is folded once, then read on from there. */
  private readonly states = new StreamStateCache<CreditState>();

  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  addPack(userId: string, pack: { packId: string; resourceId: string; title: string; credits: number }, at: string, metadata: EventMetadata) {
    return this.run(userId, { type: 'AddCreditPack', userId, ...pack, at }, metadata);
  }

  removePack(userId: string, packId: string, reason: 'refund' | 'dispute', at: string, metadata: EventMetadata) {
    return this.run(userId, { type: 'RemoveCreditPack', userId, packId, reason, at }, metadata);
  }

  /** Debits once per request id, ever; throws InsufficientCreditsError (nothing debited) past the balance. */
  async debit(
    account: CreditAccount,
    usage: { requestId: string; endpoint: string; usageKind: UsageKind; credits: number; measures: UsageMeasures | null },
    at: string,
    metadata: EventMetadata,
  ): Promise<DebitResult> {
    const entryId = usageEntryId(usage.requestId);
    if (await this.recorded(usage.requestId)) return { status: 'already_recorded', entryId };
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
    const outcome = await this.run(account.userId, command, { ...metadata, sourceId: usageSourceId(usage.requestId) });
    if (outcome.status !== 'appended') return { status: 'already_recorded', entryId };
    return { status: 'debited', entryId, includedRemaining: includedRemaining(outcome.state, account.cycle), addOnRemaining: addOnRemaining(outcome.state) };
  }

  private async recorded(requestId: string): Promise<boolean> {
    const rows = await this.orm.em.getConnection().execute('select 1 from event_sources where source_id = ?', [usageSourceId(requestId)]);
    return rows.length > 0;
  }

  private run(userId: string, command: CreditCommand, metadata: EventMetadata) {
    return this.lanes.run(userId, () =>
      runCommand<CreditCommand, Parameters<typeof creditLedgerDecider.evolve>[1], CreditState>({
        store: this.store,
        streamId: creditStreamId(userId),
        decider: creditLedgerDecider,
        command,
        metadata,
        retries: RACE_RETRIES,
        cache: this.states,
      }),
    );
  }
}
