import { deciderSpec } from '../../../../test/support/decider-spec';
import { addOnRemaining, creditLedgerDecider, includedRemaining, type CreditCommand, type CycleAllowance } from './credits.decider';
import { InsufficientCreditsError } from './credits.errors';

const spec = deciderSpec(creditLedgerDecider);
const at = '2026-11-23T10:00:00.000Z';
const november: CycleAllowance = { licenseId: 'lic_1', cycleStart: '2026-11-01T00:00:00.000Z', cycleEnd: '2026-12-01T00:00:00.000Z', allowance: 1_000 };
const december: CycleAllowance = { ...november, cycleStart: '2026-12-01T00:00:00.000Z', cycleEnd: '2027-01-01T00:00:00.000Z' };

const pack = (packId: string, credits: number): CreditCommand => ({
  type: 'AddCreditPack',
  userId: 'u1',
  packId,
  resourceId: 'credits-100k',
  title: 'pack',
  credits,
  at,
});
const debit = (requestId: string, credits: number, cycle = november): CreditCommand => ({
  type: 'DebitCredits',
  userId: 'u1',
  entryId: `use_${requestId}`,
  requestId,
  cycle,
  endpoint: '/chat',
  usageKind: 'agent_turn',
  credits,
  measures: null,
  at,
});
const refund = (packId: string): CreditCommand => ({ type: 'RemoveCreditPack', userId: 'u1', packId, reason: 'refund', at });

describe('credit ledger', () => {
  it('spends the cycle’s included credits first, then packs oldest first', () => {
    spec
      .given([])
      .when(pack('p1', 500), pack('p2', 500), debit('r1', 1_200))
      .then((events, state) => {
        const debited = events.at(-1)!;
        expect(debited.type).toBe('CreditsDebited');
        expect(debited.data).toMatchObject({ fromIncluded: 1_000, fromPacks: [{ packId: 'p1', credits: 200 }], includedBefore: 1_000, addOnBefore: 1_000 });
        expect(includedRemaining(state, november)).toBe(0);
        expect(addOnRemaining(state)).toBe(800);
      });
  });

  it('records a cycle’s allowance once, when the cycle is first drawn on, and starts each cycle afresh', () => {
    spec
      .given([])
      .when(debit('r1', 300), debit('r2', 300), debit('r3', 100, december))
      .then((events, state) => {
        expect(events.filter((e) => e.type === 'IncludedCreditsCycleStarted').map((e) => e.data.cycleStart)).toEqual([
          november.cycleStart,
          december.cycleStart,
        ]);
        expect(includedRemaining(state, november)).toBe(400);
        expect(includedRemaining(state, december)).toBe(900);
      });
  });

  it('refuses usage beyond the balance and changes nothing', () => {
    const withPack = spec.givenCommands(pack('p1', 100));
    withPack.when(debit('r1', 1_101)).thenThrows(InsufficientCreditsError);
    withPack
      .when(debit('r1', 1_100))
      .then((events) => expect(events.at(-1)!.data).toMatchObject({ fromIncluded: 1_000, fromPacks: [{ packId: 'p1', credits: 100 }] }));
  });

  it('takes only what is left of a refunded pack, once, and never brings it back', () => {
    spec
      .given([])
      .when(pack('p1', 500), debit('r1', 1_200), refund('p1'), refund('p1'), pack('p1', 500))
      .then((events, state) => {
        const removed = events.filter((e) => e.type === 'AddOnCreditsRemoved');
        expect(removed).toHaveLength(1);
        expect(removed[0]!.data.removed).toBe(300);
        expect(addOnRemaining(state)).toBe(0);
      });
  });

  it('a refund handled before its purchase closes the pack before it opens', () => {
    spec
      .given([])
      .when(refund('p1'), pack('p1', 500))
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['AddOnCreditsRemoved']);
        expect(addOnRemaining(state)).toBe(0);
      });
  });

  it('adds a pack once however often its purchase is reported', () => {
    spec
      .given([])
      .when(pack('p1', 500), pack('p1', 500))
      .then((events) => expect(events.filter((e) => e.type === 'AddOnCreditsAdded')).toHaveLength(1));
  });

  it('with no allowance (an ended plan) spends packs only and records no cycle', () => {
    spec
      .given([])
      .when(pack('p1', 50), debit('r1', 50, { ...november, allowance: 0 }))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['AddOnCreditsAdded', 'CreditsDebited']));
  });
});
