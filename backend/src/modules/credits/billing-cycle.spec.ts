import { addMonths, currentCycle } from './billing-cycle';

const d = (iso: string) => new Date(iso);

describe('billing cycles', () => {
  it('keeps the anchor day, or the month’s last day when the month is shorter', () => {
    expect(addMonths(d('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(d('2026-01-31T12:00:00Z'), 2).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(addMonths(d('2026-03-15T00:00:00Z'), -1).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('counts a lifetime license’s months from its grant, without drift', () => {
    const grantedAt = d('2026-01-31T09:00:00Z');
    expect(currentCycle({ grantedAt, paidThrough: null }, d('2026-01-31T09:00:00Z'))).toMatchObject({ start: grantedAt, end: d('2026-02-28T09:00:00Z') });
    expect(currentCycle({ grantedAt, paidThrough: null }, d('2026-03-30T00:00:00Z'))).toMatchObject({
      start: d('2026-02-28T09:00:00Z'),
      end: d('2026-03-31T09:00:00Z'),
    });
    expect(currentCycle({ grantedAt, paidThrough: null }, d('2026-03-31T09:00:00Z'))).toMatchObject({
      start: d('2026-03-31T09:00:00Z'),
      end: d('2026-04-30T09:00:00Z'),
    });
  });

  it('takes a subscription’s cycle from its paid period', () => {
    const cycle = currentCycle({ grantedAt: d('2026-09-10T00:00:00Z'), paidThrough: d('2026-12-10T00:00:00Z') }, d('2026-11-23T00:00:00Z'));
    expect(cycle).toEqual({ anchor: d('2026-09-10T00:00:00Z'), start: d('2026-11-10T00:00:00Z'), end: d('2026-12-10T00:00:00Z') });
  });

  it('counts an annual subscription’s twelve monthly cycles from the start of its paid year', () => {
    const paidThrough = d('2028-01-31T10:00:00Z');
    const annual = (now: string) => currentCycle({ grantedAt: d('2026-06-01T00:00:00Z'), paidThrough, yearly: true }, d(now));
    expect(annual('2027-01-31T10:00:00Z')).toEqual({ anchor: d('2027-01-31T10:00:00Z'), start: d('2027-01-31T10:00:00Z'), end: d('2027-02-28T10:00:00Z') });
    expect(annual('2027-03-30T23:00:00Z')).toMatchObject({ start: d('2027-02-28T10:00:00Z'), end: d('2027-03-31T10:00:00Z') });
    expect(annual('2027-12-31T10:00:00Z')).toMatchObject({ start: d('2027-12-31T10:00:00Z'), end: paidThrough });
    // Past its paid year (a renewal not yet recorded), it stays in its last month, as a monthly plan stays in its period.
    expect(annual('2028-02-10T00:00:00Z')).toMatchObject({ start: d('2027-12-31T10:00:00Z'), end: paidThrough });
  });
});
