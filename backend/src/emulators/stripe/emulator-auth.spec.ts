import { answerWithKey } from './emulator-auth';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('the secret key of a request to the emulator', () => {
  it.each([
    ['a bearer token', 'Bearer sk_test_abc123'],
    ['the basic-auth user with no password (curl -u sk_test_…:)', basic('sk_test_abc123:')],
    ['the basic-auth user with a password, which Stripe ignores', basic('sk_live_abc123:anything')],
  ])('is taken as %s', (_form, header) => {
    expect(answerWithKey(header)).toBeUndefined();
  });

  it.each([
    ['no header', undefined],
    ['a publishable key', basic('pk_test_abc123:')],
    ['an empty basic-auth user', basic(':sk_test_abc123')],
    ['a key without its scheme', 'sk_test_abc123'],
    ['a scheme without its key', 'Bearer'],
    ['base64 that is no key', 'Basic !!!'],
  ])('is refused with a 401 for %s', (_form, header) => {
    expect(answerWithKey(header)).toMatchObject({ status: 401, body: { error: { type: 'invalid_request_error' } } });
  });
});
