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

  it('names a parameter it does not take', () => {
    expect(describeSessionsSearchProblem({ slot: '2026-12-01' })).toBe('This page does not take the parameter “slot”. Its only parameter is status.');
    expect(describeSessionsSearchProblem({ slot: 1, day: 2 })).toBe('This page does not take the parameters “slot”, “day”. Its only parameter is status.');
  });

  // The page reads its address without zod; the server function takes the same search with the
  // contract's schema. Both must accept and refuse the same addresses, the same way.
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
  it.each(searches.map((search) => [JSON.stringify(search), search]))('reads %s as sessionsSearchSchema does', (_name, search) => {
    const parsed = sessionsSearchSchema.safeParse(search);
    if (parsed.success) expect(readSessionsSearch(search)).toStrictEqual(parsed.data);
    else {
      expect(() => readSessionsSearch(search)).toThrow();
      const [issue] = parsed.error.issues;
      const problem = describeSessionsSearchProblem(search);
      if (issue?.code === 'unrecognized_keys') expect(problem).toMatch(/does not take/);
      else expect(problem).toMatch(/no booking status/);
    }
  });
});
