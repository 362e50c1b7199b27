import { hashCode } from './one-time-code';
import { attemptEmailVerification, startSignUp, updateSignUp } from './sign-up-attempt';

const T0 = Date.UTC(2026, 10, 23, 12);
const CODE = '731502';

describe("a local sign-up, in Clerk's statuses", () => {
  it('starts at missing_requirements and completes once the address is verified and the terms accepted', () => {
    const start = startSignUp('sua_1');
    expect(start).toMatchObject({ status: 'missing_requirements', missingFields: ['email_address', 'legal_accepted'] });
    const filled = updateSignUp(
      start,
      { emailAddress: 'Grace@Example.com', firstName: ' Grace ', lastName: 'Hopper', legalAccepted: true },
      hashCode(CODE),
      T0,
    );
    expect(filled).toMatchObject({
      ok: true,
      attempt: {
        status: 'missing_requirements',
        missingFields: [],
        unverifiedFields: ['email_address'],
        emailAddress: 'grace@example.com',
        firstName: 'Grace',
      },
    });
    const verified = attemptEmailVerification(filled.attempt, CODE, T0 + 1000);
    expect(verified).toMatchObject({ ok: true, attempt: { status: 'complete', unverifiedFields: [] } });
  });

  it('stays incomplete without the terms, and a verified address changed must be verified again', () => {
    const filled = updateSignUp(startSignUp('sua_1'), { emailAddress: 'grace@example.com' }, hashCode(CODE), T0);
    const verified = attemptEmailVerification(filled.attempt, CODE, T0);
    expect(verified.attempt).toMatchObject({ status: 'missing_requirements', missingFields: ['legal_accepted'], unverifiedFields: [] });
    const moved = updateSignUp(verified.attempt, { emailAddress: 'other@example.com', legalAccepted: true }, hashCode('111111'), T0);
    expect(moved.attempt).toMatchObject({ status: 'missing_requirements', unverifiedFields: ['email_address'] });
  });

  it('refuses a malformed address or an overlong name, changing nothing', () => {
    const start = startSignUp('sua_1');
    expect(updateSignUp(start, { emailAddress: 'not an email' }, hashCode(CODE), T0)).toMatchObject({
      ok: false,
      error: { code: 'form_param_format_invalid', field: 'emailAddress' },
      attempt: start,
    });
    expect(updateSignUp(start, { firstName: 'x'.repeat(101) }, hashCode(CODE), T0)).toMatchObject({
      ok: false,
      error: { code: 'form_param_max_length_exceeded', field: 'firstName' },
    });
  });

  it('rejects a wrong or late code', () => {
    const filled = updateSignUp(startSignUp('sua_1'), { emailAddress: 'g@example.com', legalAccepted: true }, hashCode(CODE), T0);
    expect(attemptEmailVerification(filled.attempt, '000000', T0)).toMatchObject({ ok: false, error: { code: 'form_code_incorrect' } });
    expect(attemptEmailVerification(filled.attempt, CODE, T0 + 11 * 60_000)).toMatchObject({ ok: false, error: { code: 'verification_expired' } });
  });
});
