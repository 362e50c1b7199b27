import { envelopeSchema } from '@contracts/server-fn';
import { readEnvelope } from './server-fn-envelope';

const redirect = { statusCode: 307, href: '/x?a=1', to: '/x', search: { a: 1 }, hash: '' };
const error = { code: 'VALIDATION_FAILED', message: 'Bad', issues: [{ path: ['q', 0], message: 'Too long', code: 'too_big' }] };

// Bodies a server (ours, a proxy in front of it, or a broken one) could answer with.
const bodies: unknown[] = [
  { result: { ok: true } },
  { result: null },
  { result: 0, extra: 'dropped' },
  { redirect },
  { redirect, extra: 1 },
  { redirect: { ...redirect, statusCode: 200 } },
  { redirect: { ...redirect, statusCode: 307.5 } },
  { redirect: { ...redirect, search: [] } },
  { redirect: { ...redirect, hash: undefined } },
  { redirect: { ...redirect, search: null }, error },
  { error },
  { error: { code: 'NOT_FOUND', message: 'No such resource' } },
  { error: { code: 'X', message: 'm', issues: [] } },
  { error: { code: 'X', message: 'm', issues: [{ path: [], message: 'x', extra: true }] } },
  { error: { code: 'X', message: 'm', issues: [{ path: [true], message: 'x' }] } },
  { error: { code: 'X', message: 'm', issues: [{ path: [], message: 'x', code: 3 }] } },
  { error: { code: 'X', message: 'm', issues: 'many' } },
  { error: { code: 'X' } },
  { error: { code: 1, message: 'm' } },
  { error: 'boom' },
  { error: [] },
  {},
  { message: 'Internal Server Error' },
  [],
  [{ result: 1 }],
  null,
  'text',
  42,
  undefined,
];

describe('readEnvelope', () => {
  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))('reads %s as the contract envelopeSchema does', (_name, body) => {
    const parsed = envelopeSchema.safeParse(body);
    expect(readEnvelope(body)).toEqual(parsed.success ? parsed.data : undefined);
  });
});
