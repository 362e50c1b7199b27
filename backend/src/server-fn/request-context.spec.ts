import type { Request, Response } from 'express';
import { contextFromRequest, correlationIdOf } from './request-context';

const request = (headers: Record<string, string | string[]>, id?: string) => ({ headers, id }) as unknown as Request;
const response = { cookie: () => undefined } as unknown as Response;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("a server function call's correlation id", () => {
  it("is the request's id when the caller sends none", () => {
    expect(contextFromRequest(request({}, 'req-0123456789'), response)).toMatchObject({ requestId: 'req-0123456789', correlationId: 'req-0123456789' });
  });

  it("is the caller's well-formed x-correlation-id", () => {
    expect(contextFromRequest(request({ 'x-correlation-id': 'flow-abcdef12' }, 'req-0123456789'), response).correlationId).toBe('flow-abcdef12');
  });

  it("is the request's id when the caller's is unsafe, or could pass for a Stripe event or a log event", () => {
    for (const given of ['evt_1PgC76B7WZ01zgkW', 'event:12345678', 'x'.repeat(200), 'a b c d e f', ['one-12345678', 'two-12345678']]) {
      expect(correlationIdOf(request({ 'x-correlation-id': given }, 'req-0123456789'))).toBe('req-0123456789');
    }
  });

  it('is made here when neither id is acceptable, and stays the same for the whole request', () => {
    const req = request({ 'x-correlation-id': 'evt_forged0000001' }, 'evt_forged0000002');
    const made = correlationIdOf(req);
    expect(made).toMatch(UUID);
    expect(correlationIdOf(req)).toBe(made);
    expect(contextFromRequest(req, response).correlationId).toBe(made);
  });
});
