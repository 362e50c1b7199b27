import { notFound, redirect } from '@tanstack/react-router';
import { ServerFnError } from './server-fn-client';
import { createQueryClient, retryTransient } from './query-client';

const answered = (status: number) => new ServerFnError(status, { code: 'X', message: 'x' });

// Jest runs in node: no window, so these are the server renderer's rules.
describe('in a server render', () => {
  it.each([
    ['a 4xx', answered(400)],
    ['a 5xx', answered(503)],
    ['a network failure', new TypeError('fetch failed')],
  ])('asks nothing twice (%s): the page is rendered with what the first answer said', (_what, error) => {
    expect(retryTransient(0, error)).toBe(false);
  });
});

describe('in the browser', () => {
  const browserRetry = retryTransient;
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = {};
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it.each([400, 401, 403, 404, 409, 429])('never asks again after a %i: it answers the same every time', (status) => {
    expect(browserRetry(0, answered(status))).toBe(false);
  });

  it('never asks again after a redirect or a not-found', () => {
    expect(browserRetry(0, redirect({ to: '/' }))).toBe(false);
    expect(browserRetry(0, notFound())).toBe(false);
  });

  it('asks once more after a 5xx or a network failure, and only once', () => {
    expect(browserRetry(0, answered(503))).toBe(true);
    expect(browserRetry(0, new TypeError('fetch failed'))).toBe(true);
    expect(browserRetry(1, answered(503))).toBe(false);
  });
});

describe('what a server render sends to the browser', () => {
  it('leaves out queries that ended in a redirect or a not-found, and keeps data and refusals', async () => {
    const client = createQueryClient();
    const fail = (key: string, error: unknown) =>
      client.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error as Error), retry: false }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['data'], queryFn: () => Promise.resolve(1) });
    await fail('redirect', redirect({ to: '/' }));
    await fail('not-found', notFound());
    await fail('refused', answered(403));
    const { dehydrate } = await import('@tanstack/react-query');
    const sent = dehydrate(client).queries.map((query) => query.queryKey[0]);
    expect(sent.sort()).toEqual(['data', 'refused']);
  });
});
