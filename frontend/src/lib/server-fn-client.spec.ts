import { isNotFound, isRedirect } from '@tanstack/react-router';
import { initiateCheckout } from '@contracts/checkout/checkout.contract';
import { getLibraryItem } from '@contracts/library/library.contract';
import { getSiteInfo } from '@contracts/site/site.contract';
import type { Envelope } from '@contracts/server-fn';
import { callServerFn, serverFnUrl, ServerFnError, setServerFnTransport, fetchTransport } from './server-fn-client';

const answering = (status: number, envelope: Envelope) => setServerFnTransport(async () => ({ status, envelope }));
afterAll(() => setServerFnTransport(fetchTransport));

describe('serverFnUrl', () => {
  it('puts a GET payload in the query string as URL-encoded JSON', () => {
    expect(serverFnUrl(getSiteInfo, { q: 'a b&c' })).toBe('/_serverFn/getSiteInfo?payload=%7B%22q%22%3A%22a%20b%26c%22%7D');
  });
});

describe('callServerFn', () => {
  it('returns the result of a result envelope', async () => {
    answering(200, { result: { ok: true } });
    await expect(callServerFn(getSiteInfo, {})).resolves.toEqual({ ok: true });
  });

  it('rethrows a redirect envelope as a router redirect', async () => {
    answering(200, { redirect: { statusCode: 307, href: '/x?a=1#h', to: '/x', search: { a: 1 }, hash: 'h' } });
    const thrown = await callServerFn(getSiteInfo, {}).catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: object }).options).toMatchObject({ to: '/x', search: { a: 1 }, hash: 'h', statusCode: 307 });
  });

  it('turns NOT_FOUND into the router not-found', async () => {
    answering(404, { error: { code: 'NOT_FOUND', message: 'No such resource' } });
    expect(isNotFound(await callServerFn(getSiteInfo, {}).catch((error: unknown) => error))).toBe(true);
  });

  it('turns a 404 to a read into the router not-found unless its contract declares the code; a write keeps the error for its form', async () => {
    answering(404, { error: { code: 'courses.lesson_not_found', message: 'No such lesson' } });
    expect(isNotFound(await callServerFn(getSiteInfo, {}).catch((error: unknown) => error))).toBe(true);
    const write = await callServerFn(initiateCheckout, { resourceId: 'x', quantity: 1 }).catch((error: unknown) => error);
    expect(write).toMatchObject({ code: 'courses.lesson_not_found', status: 404 });
    // getLibraryItem declares library.not_entitled: the page shows how to get the item instead.
    answering(404, { error: { code: 'library.not_entitled', message: 'Buy it first' } });
    expect(await callServerFn(getLibraryItem, { resourceId: 'x' }).catch((error: unknown) => error)).toMatchObject({
      code: 'library.not_entitled',
      status: 404,
    });
  });

  it('throws ServerFnError with the code, status and issues of any other error', async () => {
    answering(400, { error: { code: 'VALIDATION_FAILED', message: 'Bad', issues: [{ path: ['q'], message: 'Too long' }] } });
    const thrown = await callServerFn(getSiteInfo, {}).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ServerFnError);
    expect(thrown).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, issues: [{ path: ['q'], message: 'Too long' }] });
  });
});
