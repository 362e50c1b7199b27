import { randomUUID } from 'node:crypto';
import {
  AddOnCreditsAdded,
  AddOnCreditsRemoved,
  creditEvents,
  CreditsDebited,
  IncludedCreditsCycleStarted,
} from '../../../backend/src/modules/credits/credits.events';
import { CreditsProjector } from '../../../backend/src/modules/credits/projections/credits.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new CreditsProjector(), creditEvents);

describe('CreditsProjector', () => {
  describe('a pack', () => {
    it('is added once with all its credits left, and removed with nothing left', async () => {
      const [userId, packId] = [freshUser(), `pack-${randomUUID()}`];
      await projection.given(packAdded(userId, packId, 500), packAdded(userId, packId, 900));
      expect(await packs(userId)).toEqual([
        { pack_id: packId, title: '500 credits', credits: '500', remaining: '500', added_at: at(1), removed_at: null, removed_reason: null },
      ]);
      await projection.given(AddOnCreditsRemoved({ userId, packId, removed: 500, reason: 'dispute', at: at(3) }));
      expect(await packs(userId)).toEqual([
        { pack_id: packId, title: '500 credits', credits: '500', remaining: '0', added_at: at(1), removed_at: at(3), removed_reason: 'dispute' },
      ]);
    });
  });

  describe('a debit', () => {
    it('is entered with the balances it recorded, and draws on the cycle and the packs it names', async () => {
      const [userId, licenseId, packId] = [freshUser(), freshLicense(), `pack-${randomUUID()}`];
      await projection.given(cycleStarted(userId, licenseId, 100), packAdded(userId, packId, 500));
      await projection.given(
        debited(userId, licenseId, {
          credits: 130,
          fromIncluded: 100,
          fromPacks: [{ packId, credits: 30 }],
          includedBefore: 100,
          addOnBefore: 500,
          measures: { total_tokens: 1234, raw_usd: 0.02 },
        }),
      );
      expect(await cycle(licenseId)).toEqual({ allowance: '100', used: '100', cycle_end: at(59) });
      expect((await packs(userId))[0]).toMatchObject({ remaining: '470' });
      expect(await usage(userId)).toEqual([
        {
          license_id: licenseId,
          endpoint: '/v1/chat',
          usage_kind: 'agent_turn',
          credits: '130',
          from_included: '100',
          included_before: '100',
          add_on_before: '500',
          measures: { total_tokens: 1234, raw_usd: 0.02 },
          created_at: at(5),
        },
      ]);
    });

    it('recorded without balances (schema v1) gets them from the read models as they stood before it', async () => {
      const [userId, licenseId, kept, removed] = [freshUser(), freshLicense(), `pack-${randomUUID()}`, `pack-${randomUUID()}`];
      await projection.given(
        cycleStarted(userId, licenseId, 100),
        packAdded(userId, kept, 500),
        packAdded(userId, removed, 200),
        AddOnCreditsRemoved({ userId, packId: removed, removed: 200, reason: 'refund', at: at(2) }),
        debited(userId, licenseId, { credits: 40, fromIncluded: 40, fromPacks: [], includedBefore: 100, addOnBefore: 500, measures: null }),
      );
      await projection.given(
        debited(userId, licenseId, {
          credits: 70,
          fromIncluded: 60,
          fromPacks: [{ packId: kept, credits: 10 }],
          includedBefore: null,
          addOnBefore: null,
          measures: null,
        }),
      );
      const entries = await usage(userId);
      expect(entries.map((e) => [e.credits, e.included_before, e.add_on_before, e.measures])).toEqual([
        ['40', '100', '500', null],
        ['70', '60', '500', null],
      ]);
      expect(await cycle(licenseId)).toMatchObject({ used: '100' });
    });
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const [userId, licenseId, packId] = [freshUser(), freshLicense(), `pack-${randomUUID()}`];
    await projection.given(
      cycleStarted(userId, licenseId, 50),
      packAdded(userId, packId, 300),
      debited(userId, licenseId, {
        credits: 60,
        fromIncluded: 50,
        fromPacks: [{ packId, credits: 10 }],
        includedBefore: null,
        addOnBefore: null,
        measures: null,
      }),
    );
    const before = [await packs(userId), await cycle(licenseId), await usage(userId)];
    await projection.replay();
    expect([await packs(userId), await cycle(licenseId), await usage(userId)]).toEqual(before);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const isoRow = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]));
const freshUser = () => `user-${randomUUID()}`;
const freshLicense = () => `lic-${randomUUID()}`;

const packAdded = (userId: string, packId: string, credits: number) =>
  AddOnCreditsAdded({ userId, packId, resourceId: 'credits-500', title: `${credits} credits`, credits, at: at(1) });
const cycleStarted = (userId: string, licenseId: string, allowance: number) =>
  IncludedCreditsCycleStarted({ userId, licenseId, cycleStart: at(0), cycleEnd: at(59), allowance, at: at(0) });
let entries = 0;
const debited = (
  userId: string,
  licenseId: string,
  d: {
    credits: number;
    fromIncluded: number;
    fromPacks: Array<{ packId: string; credits: number }>;
    includedBefore: number | null;
    addOnBefore: number | null;
    measures: { total_tokens?: number; raw_usd?: number } | null;
  },
) =>
  CreditsDebited({
    userId,
    entryId: `entry-${randomUUID()}`,
    requestId: 'req-1',
    licenseId,
    cycleStart: at(0),
    endpoint: '/v1/chat',
    usageKind: 'agent_turn',
    ...d,
    at: at(5 + entries++),
  });

async function packs(userId: string) {
  const rows = await projection.rows(
    'select pack_id, title, credits::text, remaining::text, added_at, removed_at, removed_reason from rm_credit_packs where user_id = $1 order by added_at, pack_id',
    [userId],
  );
  return rows.map(isoRow);
}

async function cycle(licenseId: string) {
  const [row] = await projection.rows('select allowance::text, used::text, cycle_end from rm_credit_cycles where license_id = $1', [licenseId]);
  return row && isoRow(row);
}

async function usage(userId: string) {
  const rows = await projection.rows<Record<string, unknown> & { credits: string; included_before: string; add_on_before: string; measures: unknown }>(
    `select license_id, endpoint, usage_kind, credits::text, from_included::text, included_before::text, add_on_before::text, measures, created_at
       from rm_credit_usage where user_id = $1 order by created_at`,
    [userId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}
