import { notFound, redirect, SearchParamError } from '@tanstack/react-router';
import { ServerFnError } from './server-fn-client';
import { failedPageStatus, namesNothing, pathParamNames, serverFnErrorAdapter } from './route-failures';

const refused = (status: number, code: string, paths: Array<Array<string | number>> = []) =>
  new ServerFnError(status, { code, message: 'Refused.', ...(paths.length ? { issues: paths.map((path) => ({ path, message: 'No.' })) } : {}) });

describe('failedPageStatus', () => {
  it.each([400, 401, 403, 404, 409, 429])('answers a route error a server function gave with %i with that status', (status) => {
    expect(failedPageStatus([{ status: 'success' }, { status: 'error', error: refused(status, 'X') }], 500)).toBe(status);
  });

  it('answers search parameters a page cannot read with 400', () => {
    expect(failedPageStatus([{ status: 'error', error: new SearchParamError('bad') }], 500)).toBe(400);
  });

  it.each([
    ['a 5xx from a server function', refused(503, 'UNAVAILABLE')],
    ['an error of our own code', new TypeError('x is undefined')],
  ])('keeps the 500 for %s', (_what, error) => {
    expect(failedPageStatus([{ status: 'error', error }], 500)).toBe(500);
  });

  it('leaves a page that did not fail as rendered', () => {
    expect(failedPageStatus([{ status: 'success', error: refused(400, 'X') }], 404)).toBe(404);
  });
});

describe('a refused value from the address', () => {
  it('reads the path parameters of a route', () => {
    expect(pathParamNames('/learn/$resourceId/$lessonSlug')).toEqual(['resourceId', 'lessonSlug']);
    expect(pathParamNames('/admin/customers/$userId/at')).toEqual(['userId']);
    expect(pathParamNames('/checkout')).toEqual([]);
  });

  it('names nothing when every refused input is a path parameter', () => {
    expect(namesNothing(refused(400, 'VALIDATION_FAILED', [['token']]), ['token'])).toBe(true);
    expect(namesNothing(refused(400, 'VALIDATION_FAILED', [['lessonSlug'], ['resourceId']]), ['resourceId', 'lessonSlug'])).toBe(true);
  });

  it('is the search’s fault (a 400 page) when a refused input came from elsewhere', () => {
    expect(namesNothing(refused(400, 'VALIDATION_FAILED', [['token'], ['before']]), ['token'])).toBe(false);
    expect(namesNothing(refused(400, 'VALIDATION_FAILED'), ['token'])).toBe(false);
    expect(namesNothing(refused(403, 'FORBIDDEN', [['token']]), ['token'])).toBe(false);
    expect(namesNothing(notFound(), ['token'])).toBe(false);
    expect(namesNothing(redirect({ to: '/' }), ['token'])).toBe(false);
  });
});

describe('serverFnErrorAdapter', () => {
  it('brings a ServerFnError across as itself: status, code, message and issues', () => {
    const error = refused(400, 'VALIDATION_FAILED', [['resourceId']]);
    const again = serverFnErrorAdapter.fromSerializable(JSON.parse(JSON.stringify(serverFnErrorAdapter.toSerializable(error))));
    expect(again).toBeInstanceOf(ServerFnError);
    expect(again).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Refused.', issues: [{ path: ['resourceId'], message: 'No.' }] });
    expect(serverFnErrorAdapter.test(new Error('plain'))).toBe(false);
  });
});
