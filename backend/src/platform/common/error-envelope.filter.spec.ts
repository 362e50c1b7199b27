import type { ArgumentsHost } from '@nestjs/common';
import { ErrorEnvelopeFilter } from './error-envelope.filter';

/** What the filter answers for an error thrown outside /_serverFn (a controller of its own). */
function answerFor(exception: unknown) {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const req = { log: { warn: () => undefined, error: () => undefined } };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  new ErrorEnvelopeFilter().catch(exception, host);
  return sent;
}

describe('ErrorEnvelopeFilter', () => {
  it.each([
    ['too many clients', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    [
      'a refused connection, wrapped by the ORM',
      Object.assign(new Error('connect failed'), { previous: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
    ],
  ])('answers Postgres refusing connections (%s) as 503 UNAVAILABLE, not a 500', (_what, error) => {
    const sent = answerFor(error);
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ error: { code: 'UNAVAILABLE', message: expect.stringContaining('try again') } });
  });

  it('still answers an unknown failure as a 500 without its details', () => {
    const sent = answerFor(new Error('secret internals'));
    expect(sent.status).toBe(500);
    expect(JSON.stringify(sent.body)).not.toContain('secret internals');
  });
});
