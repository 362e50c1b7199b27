import { describeSessionsSearchProblem } from './SessionsErrorScreen';

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
  });
});
