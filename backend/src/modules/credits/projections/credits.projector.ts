import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { AddOnCreditsAdded, AddOnCreditsRemoved, CreditsDebited, IncludedCreditsCycleStarted } from '../credits.events';

/** Balances and usage history, as the plugin's credit endpoints and the dashboard read them. */
export class CreditsProjector implements Projector {
  readonly name = 'CreditsProjector';
  readonly eventTypes = ['AddOnCreditsAdded', 'AddOnCreditsRemoved', 'IncludedCreditsCycleStarted', 'CreditsDebited'];
  readonly tables = ['rm_credit_packs', 'rm_credit_cycles', 'rm_credit_usage'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'AddOnCreditsAdded': {
        const d = event.data as EventData<typeof AddOnCreditsAdded>;
        await em.execute('insert into rm_credit_packs (pack_id, user_id, resource_id, title, credits, remaining, added_at) values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing', [d.packId, d.userId, d.resourceId, d.title, d.credits, d.credits, d.at]);
        return;
      }
      case 'AddOnCreditsRemoved': {
        const d = event.data as EventData<typeof AddOnCreditsRemoved>;
        await em.execute('update rm_credit_packs set remaining = 0, removed_at = ?, removed_reason = ? where pack_id = ?', [d.at, d.reason, d.packId]);
        return;
      }
      case 'IncludedCreditsCycleStarted': {
        const d = event.data as EventData<typeof IncludedCreditsCycleStarted>;
        await em.execute('insert into rm_credit_cycles (license_id, cycle_start, user_id, cycle_end, allowance) values (?, ?, ?, ?, ?) on conflict do nothing', [d.licenseId, d.cycleStart, d.userId, d.cycleEnd, d.allowance]);
        return;
      }
      case 'CreditsDebited': {
        const d = event.data as EventData<typeof CreditsDebited>;
        const before = d.includedBefore !== null && d.addOnBefore !== null ? { included: d.includedBefore, addOn: d.addOnBefore } : await balancesBefore(em, d.userId, d.licenseId, d.cycleStart);
        await em.execute(
          'insert into rm_credit_usage (entry_id, user_id, license_id, request_id, endpoint, usage_kind, credits, from_included, included_before, add_on_before, measures, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing',
          [d.entryId, d.userId, d.licenseId, d.requestId, d.endpoint, d.usageKind, d.credits, d.fromIncluded, before.included, before.addOn, d.measures ? JSON.stringify(d.measures) : null, d.at],
        );
        if (d.fromIncluded > 0) await em.execute('update rm_credit_cycles set used = used + ? where license_id = ? and cycle_start = ?', [d.fromIncluded, d.licenseId, d.cycleStart]);
        for (const part of d.fromPacks) await em.execute('update rm_credit_packs set remaining = remaining - ? where pack_id = ?', [part.credits, part.packId]);
        return;
      }
    }
  }
}

/** For a v1 debit, which did not record them: the balances as the read models stood just before it. */
async function balancesBefore(em: EntityManager, userId: string, licenseId: string, cycleStart: string): Promise<{ included: number; addOn: number }> {
  const rows = await em.execute<{ included: string | null; add_on: string }[]>(
    `select (select greatest(allowance - used, 0) from rm_credit_cycles where license_id = ? and cycle_start = ?) as included,
            (select coalesce(sum(remaining), 0) from rm_credit_packs where user_id = ? and removed_at is null) as add_on`,
    [licenseId, cycleStart, userId],
  );
  return { included: Number(rows[0]?.included ?? 0), addOn: Number(rows[0]?.add_on ?? 0) };
}
