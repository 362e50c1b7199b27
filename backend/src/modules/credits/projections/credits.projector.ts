import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { type CreditEvent, creditEvents } from '../credits.events';
import { creditTables } from './credits.entities';

/** Balances and usage history, as the plugin's credit endpoints and the dashboard read them. */
export class CreditsProjector implements Projector<Recorded<CreditEvent>> {
  readonly name = 'CreditsProjector';
  readonly eventTypes = creditEvents.map((definition) => definition.type);
  readonly tables = ['rm_credit_packs', 'rm_credit_cycles', 'rm_credit_usage'];

  async apply(event: Recorded<CreditEvent>, em: EntityManager): Promise<void> {
    const db = creditTables(em);
    switch (event.type) {
      case 'AddOnCreditsAdded': {
        const d = event.data;
        await db
          .insertInto('rm_credit_packs')
          .values({
            pack_id: d.packId,
            user_id: d.userId,
            resource_id: d.resourceId,
            title: d.title,
            credits: d.credits,
            remaining: d.credits,
            added_at: new Date(d.at),
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      case 'AddOnCreditsRemoved': {
        const d = event.data;
        await db
          .updateTable('rm_credit_packs')
          .set({ remaining: 0, removed_at: new Date(d.at), removed_reason: d.reason })
          .where('pack_id', '=', d.packId)
          .execute();
        return;
      }
      case 'IncludedCreditsCycleStarted': {
        const d = event.data;
        await db
          .insertInto('rm_credit_cycles')
          .values({ license_id: d.licenseId, cycle_start: new Date(d.cycleStart), user_id: d.userId, cycle_end: new Date(d.cycleEnd), allowance: d.allowance })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      }
      case 'CreditsDebited': {
        const d = event.data;
        const before =
          d.includedBefore !== null && d.addOnBefore !== null
            ? { included: d.includedBefore, addOn: d.addOnBefore }
            : await balancesBefore(em, d.userId, d.licenseId, d.cycleStart);
        await db
          .insertInto('rm_credit_usage')
          .values({
            entry_id: d.entryId,
            user_id: d.userId,
            license_id: d.licenseId,
            request_id: d.requestId,
            endpoint: d.endpoint,
            usage_kind: d.usageKind,
            credits: d.credits,
            from_included: d.fromIncluded,
            included_before: before.included,
            add_on_before: before.addOn,
            measures: d.measures,
            created_at: new Date(d.at),
          })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        if (d.fromIncluded > 0) {
          await db
            .updateTable('rm_credit_cycles')
            .set((eb) => ({ used: eb('used', '+', d.fromIncluded) }))
            .where('license_id', '=', d.licenseId)
            .where('cycle_start', '=', new Date(d.cycleStart))
            .execute();
        }
        for (const part of d.fromPacks)
          await db
            .updateTable('rm_credit_packs')
            .set((eb) => ({ remaining: eb('remaining', '-', part.credits) }))
            .where('pack_id', '=', part.packId)
            .execute();
        return;
      }
    }
  }
}

/** For a v1 debit, which did not record them: the balances as the read models stood just before it. */
async function balancesBefore(em: EntityManager, userId: string, licenseId: string, cycleStart: string): Promise<{ included: number; addOn: number }> {
  // Sums and differences of bigint columns come back as strings (no column of that name to convert by).
  const row = await creditTables(em)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('rm_credit_cycles')
        .select((cycle) => cycle.fn<string>('greatest', [cycle('allowance', '-', cycle.ref('used')), cycle.lit(0)]).as('left'))
        .where('license_id', '=', licenseId)
        .where('cycle_start', '=', new Date(cycleStart))
        .as('included'),
      eb
        .selectFrom('rm_credit_packs')
        .select((packs) => packs.fn.coalesce(packs.fn.sum<string>('remaining'), packs.lit(0)).as('left'))
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null)
        .as('add_on'),
    ])
    .executeTakeFirstOrThrow();
  return { included: Number(row.included ?? 0), addOn: Number(row.add_on ?? 0) };
}
