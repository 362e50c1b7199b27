import { randomUUID } from 'node:crypto';
import { latestSignInCode } from '../../support/sign-in-codes';
import { startTestApi, type TestApi } from '../../support/test-api';
import { uniqueQueuePrefix } from '../../support/test-database';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('lookalike') } });
});
afterAll(() => api.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${(ipCounter += 1) % 250}`;

interface Answer {
  status: number;
  body: { result?: any; error?: { code: string; message: string; issues?: Array<{ path: unknown[]; message: string; code: string }> } };
}

async function call(id: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${api.url}/_serverFn/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), origin: api.url },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const codeFor = (email: string) => latestSignInCode(api.config.REDIS_URL, api.config.QUEUE_PREFIX, email);

/** Signs up `email` to the end, so that a look-alike has an account to look like. */
async function existingAccount(): Promise<string> {
  const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call('localSignUpCreate', { emailAddress: email, legalAccepted: true });
  const done = await call('localSignUpAttemptVerification', { attemptId: created.body.result.id, code: await codeFor(email) });
  expect(done.body.result).toMatchObject({ status: 'complete', identifier: email });
  return email;
}

/** The address with its first "a" swapped for the Cyrillic "а" (U+0430), which displays the same. */
const withCyrillicA = (email: string) => email.replace('a', '\u0430');
const withZeroWidthSpace = (email: string) => email.replace('@', '\u200b@');
const fullwidth = (email: string) => [...email].map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

describe('a sign-up with an address that displays like an existing account', () => {
  it.each([
    ['a Cyrillic letter in it', withCyrillicA, 'email_address.mixed_script', /different alphabets/],
    ['a zero-width space in it', withZeroWidthSpace, 'email_address.invisible_character', /invisible character/],
  ])('is refused with a 400 naming the field when it has %s, and no code is sent', async (_what, disguise, code, message) => {
    const lookalike = disguise(await existingAccount());
    const answer = await call('localSignUpCreate', { emailAddress: lookalike, legalAccepted: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error?.issues).toEqual([{ path: ['emailAddress'], code, message: expect.stringMatching(message) }]);
    await expect(codeFor(lookalike)).rejects.toThrow(/no sign-in code/);
  });

  it('in fullwidth letters is read as the address it shows: the existing account', async () => {
    const email = await existingAccount();
    const signUp = await call('localSignUpCreate', { emailAddress: fullwidth(email), legalAccepted: true });
    expect(signUp.status).toBe(422);
    expect(signUp.body.error?.code).toBe('form_identifier_exists');
    const signIn = await call('localSignInCreate', { identifier: fullwidth(email.toUpperCase()) });
    expect(signIn.status).toBe(200);
    expect(signIn.body.result).toMatchObject({ status: 'needs_first_factor', identifier: email });
  });
});

describe('a sign-in with a look-alike address', () => {
  it('is refused with the same coded 400 on its field', async () => {
    const answer = await call('localSignInCreate', { identifier: withCyrillicA(await existingAccount()) });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.issues).toEqual([expect.objectContaining({ path: ['identifier'], code: 'email_address.mixed_script' })]);
  });
});

describe('every other place an address enters', () => {
  it('keeps the same rule: the contact form refuses a look-alike address on its field', async () => {
    const answer = await call('submitContactMessage', {
      name: 'Ada',
      email: withCyrillicA('ada@example.com'),
      topic: 'general',
      message: 'A question about the plugin.',
      csrfToken: 'checked-after-the-fields',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.issues).toEqual([expect.objectContaining({ path: ['email'], code: 'email_address.mixed_script' })]);
  });

  it('keeps the same rule: a seat given to a look-alike address is refused on its field', async () => {
    const answer = await call('assignSeat', { licenseId: `lic_${'0'.repeat(24)}`, email: withCyrillicA('ada@example.com') });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.issues).toEqual([expect.objectContaining({ path: ['email'], code: 'email_address.mixed_script' })]);
  });

  it('keeps the same rule: asking for a manage-email link with an invisible character is refused', async () => {
    const answer = await call('requestManageEmailLink', { email: withZeroWidthSpace('ada@example.com') });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.issues).toEqual([expect.objectContaining({ path: ['email'], code: 'email_address.invisible_character' })]);
  });
});
