import { sessionsSearchSchema } from '@contracts/booking/booking.contract';
import { describeSessionsSearchProblem } from './SessionsErrorScreen';
import { readSessionsSearch } from './sessions-search';

describe('the sessions page’s search', () => {
  it('is fine without a status, and with each outcome of a checkout', () => {
    for (const search of [{}, { status: 'success' }, { status: 'cancelled' }, { status: 'error' }])
      expect(describeSessionsSearchProblem(search)).toBeUndefined();
  });

  it('names a status it does not know, and the ones it does', () => {
    expect(describeSessionsSearchProblem({ status: 'bogus' })).toBe('There is no booking status “bogus”. The status can be success, cancelled or error.');
    expect(describeSessionsSearchProblem({ status: 42 })).toBe('There is no booking status “42”. The status can be success, cancelled or error.');
  });

  it('leaves out parameters it does not take, as every page does (utm_* arrive on campaign links)', () => {
    expect(describeSessionsSearchProblem({ slot: '2026-12-01' })).toBeUndefined();
    expect(describeSessionsSearchProblem({ utm_source: 'x', status: 'success' })).toBeUndefined();
    expect(readSessionsSearch({ utm_source: 'x', status: 'success' })).toStrictEqual({ status: 'success' });
    expect(readSessionsSearch({ slot: 1, day: 2 })).toStrictEqual({});
  });

  // The page reads its address without zod; the server function takes the same status with the
  // contract's schema. Both must accept and refuse the same statuses; other keys the page drops.
  const searches: Record<string, unknown>[] = [
    {},
    { status: 'success' },
    { status: 'cancelled' },
    { status: 'error' },
    { status: undefined },
    { status: 'Success' },
    { status: '' },
    { status: null },
    { status: ['success'] },
    { status: 7 },
    { slot: 'x' },
    { status: 'success', slot: 'x' },
    { status: 'nope', slot: 'x' },
    { a: 1, b: 2 },
  ];
  it.each(searches.map((search) => [JSON.stringify(search), search]))('reads %s as sessionsSearchSchema reads its status', (_name, search) => {
    const parsed = sessionsSearchSchema.safeParse('status' in search ? { status: search.status } : {});
    if (parsed.success) expect(readSessionsSearch(search)).toStrictEqual(parsed.data);
    else {
      expect(() => readSessionsSearch(search)).toThrow();
      expect(describeSessionsSearchProblem(search)).toMatch(/no booking status/);
    }
  });
});
