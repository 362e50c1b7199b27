import { hashCode, MAX_CODE_ATTEMPTS, newOneTimeCode } from './one-time-code';
import { attemptFirstFactor, provideIdentifier, resendCode, startSignIn, type SignInAttempt } from './sign-in-attempt';

const T0 = Date.UTC(2026, 10, 23, 12);
const CODE = '042917';

function identified(): SignInAttempt {
  const step = provideIdentifier(startSignIn('sia_1'), '  Ada@Example.COM ', hashCode(CODE), T0);
  if (!step.ok) throw new Error(step.error.message);
  return step.attempt;
}

describe("a local sign-in attempt, in Clerk's statuses", () => {
  it('starts at needs_identifier, needs a first factor after the email, and completes with the code', () => {
    expect(startSignIn('sia_1')).toMatchObject({ status: 'needs_identifier', identifier: null });
    const attempt = identified();
    expect(attempt).toMatchObject({
      status: 'needs_first_factor',
      identifier: 'ada@example.com',
      firstFactor: { strategy: 'email_code', status: 'unverified' },
    });
    const done = attemptFirstFactor(attempt, ` ${CODE} `, T0 + 60_000);
    expect(done).toMatchObject({ ok: true, attempt: { status: 'complete', firstFactor: { status: 'verified' } } });
  });

  it('refuses an address that is not one', () => {
    for (const bad of ['', 'ada', 'ada@', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const step = provideIdentifier(startSignIn('sia_1'), bad, hashCode(CODE), T0);
      expect(step).toMatchObject({ ok: false, error: { code: 'form_identifier_invalid' }, attempt: { status: 'needs_identifier' } });
    }
  });

  it('counts wrong codes, says how many tries are left, and fails after the last one even for the right code', () => {
    let attempt = identified();
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i += 1) {
      const step = attemptFirstFactor(attempt, '000000', T0);
      expect(step).toMatchObject({ ok: false, error: { code: 'form_code_incorrect' } });
      if (!step.ok) expect(step.error.message).toContain(`${MAX_CODE_ATTEMPTS - i} `);
      attempt = step.attempt;
    }
    const last = attemptFirstFactor(attempt, '000000', T0);
    expect(last).toMatchObject({ ok: false, error: { code: 'verification_failed' }, attempt: { firstFactor: { status: 'failed' } } });
    expect(attemptFirstFactor(last.attempt, CODE, T0)).toMatchObject({ ok: false, error: { code: 'verification_failed' } });
  });

  it('expires a code after ten minutes; a resent code works and the old one does not', () => {
    const attempt = identified();
    const late = attemptFirstFactor(attempt, CODE, T0 + 10 * 60_000 + 1);
    expect(late).toMatchObject({ ok: false, error: { code: 'verification_expired' } });
    const fresh = newOneTimeCode();
    const resent = resendCode(late.attempt, fresh.hash, T0 + 11 * 60_000);
    if (!resent.ok) throw new Error('resend refused');
    expect(attemptFirstFactor(resent.attempt, CODE, T0 + 11 * 60_000)).toMatchObject({ ok: false, error: { code: 'form_code_incorrect' } });
    expect(attemptFirstFactor(resent.attempt, fresh.code, T0 + 11 * 60_000)).toMatchObject({ ok: true, attempt: { status: 'complete' } });
  });

  it('does nothing to a completed attempt', () => {
    const done = attemptFirstFactor(identified(), CODE, T0);
    expect(attemptFirstFactor(done.attempt, CODE, T0)).toMatchObject({ ok: false, error: { code: 'sign_in_wrong_status' } });
    expect(provideIdentifier(done.attempt, 'b@example.com', hashCode(CODE), T0)).toMatchObject({ ok: false, error: { code: 'sign_in_wrong_status' } });
  });

  it('makes six-digit codes', () => {
    for (let i = 0; i < 50; i += 1) expect(newOneTimeCode().code).toMatch(/^\d{6}$/);
  });
});
