import { fold } from '../../events/decider';
import { addOnRemaining, creditLedgerDecider, includedRemaining, InsufficientCreditsError, type CreditCommand, type CycleAllowance } from './credits.decider';
import type { CreditEvent } from './credits.events';

const at = '2026-11-23T10:00:00.000Z';
const november: CycleAllowance = { licenseId: 'lic_1', cycleStart: '2026-11-01T00:00:00.000Z', cycleEnd: '2026-12-01T00:00:00.000Z', allowance: 1_000 };
const december: CycleAllowance = { ...november, cycleStart: '2026-12-01T00:00:00.000Z', cycleEnd: '2027-01-01T00:00:00.000Z' };

function run(commands: CreditCommand[]): CreditEvent[] {
  const events: CreditEvent[] = [];
  for (const command of commands) events.push(...creditLedgerDecider.decide(command, fold(creditLedgerDecider, events)));
  return events;
}
const pack = (packId: string, credits: number): CreditCommand => ({ type: 'add-pack', userId: 'u1', packId, resourceId: 'credits-100k', title: 'pack', credits, at });
const debit = (requestId: string, credits: number, cycle = november): CreditCommand => ({ type: 'debit', userId: 'u1', entryId: `use_${requestId}`, requestId, cycle, endpoint: '/chat', usageKind: 'agent_turn', credits, measures: null, at });

describe('credit ledger', () => {
  it('spends the cycle’s included credits first, then packs oldest first', () => {
    const events = run([pack('p1', 500), pack('p2', 500), debit('r1', 1_200)]);
    const debited = events.at(-1)!;
    expect(debited.type).toBe('CreditsDebited');
    expect(debited.data).toMatchObject({ fromIncluded: 1_000, fromPacks: [{ packId: 'p1', credits: 200 }], includedBefore: 1_000, addOnBefore: 1_000 });
    const state = fold(creditLedgerDecider, events);
    expect(includedRemaining(state, november)).toBe(0);
    expect(addOnRemaining(state)).toBe(800);
  });

  it('records a cycle’s allowance once, when the cycle is first drawn on, and starts each cycle afresh', () => {
    const events = run([debit('r1', 300), debit('r2', 300), debit('r3', 100, december)]);
    expect(events.filter((e) => e.type === 'IncludedCreditsCycleStarted').map((e) => e.data.cycleStart)).toEqual([november.cycleStart, december.cycleStart]);
    const state = fold(creditLedgerDecider, events);
    expect(includedRemaining(state, november)).toBe(400);
    expect(includedRemaining(state, december)).toBe(900);
  });

  it('refuses usage beyond the balance and changes nothing', () => {
    const events = run([pack('p1', 100)]);
    const state = fold(creditLedgerDecider, events);
    expect(() => creditLedgerDecider.decide(debit('r1', 1_101), state)).toThrow(InsufficientCreditsError);
    expect(creditLedgerDecider.decide(debit('r1', 1_100), state).at(-1)!.data).toMatchObject({ fromIncluded: 1_000, fromPacks: [{ packId: 'p1', credits: 100 }] });
  });

  it('takes only what is left of a refunded pack, once, and never brings it back', () => {
    const events = run([pack('p1', 500), debit('r1', 1_200), { type: 'remove-pack', userId: 'u1', packId: 'p1', reason: 'refund', at }, { type: 'remove-pack', userId: 'u1', packId: 'p1', reason: 'refund', at }, pack('p1', 500)]);
    const removed = events.filter((e) => e.type === 'AddOnCreditsRemoved');
    expect(removed).toHaveLength(1);
    expect(removed[0]!.data.removed).toBe(300);
    expect(addOnRemaining(fold(creditLedgerDecider, events))).toBe(0);
  });

  it('a refund handled before its purchase closes the pack before it opens', () => {
    const events = run([{ type: 'remove-pack', userId: 'u1', packId: 'p1', reason: 'refund', at }, pack('p1', 500)]);
    expect(events.map((e) => e.type)).toEqual(['AddOnCreditsRemoved']);
    expect(addOnRemaining(fold(creditLedgerDecider, events))).toBe(0);
  });

  it('adds a pack once however often its purchase is reported', () => {
    expect(run([pack('p1', 500), pack('p1', 500)]).filter((e) => e.type === 'AddOnCreditsAdded')).toHaveLength(1);
  });

  it('with no allowance (an ended plan) spends packs only and records no cycle', () => {
    const events = run([pack('p1', 50), debit('r1', 50, { ...november, allowance: 0 })]);
    expect(events.map((e) => e.type)).toEqual(['AddOnCreditsAdded', 'CreditsDebited']);
  });
});
