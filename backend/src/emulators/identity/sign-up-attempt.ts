import { CODE_TTL_MS, codeMatches, MAX_CODE_ATTEMPTS } from './one-time-code';
import { readEmailAddress } from '../../../../contracts/email-address';
import type { VerificationStatus } from './sign-in-attempt';

/**
 * A sign-up as Clerk models one: `missing_requirements` until the email address is given and
 * verified (a one-time code) and the legal terms are accepted, then `complete`. Pure.
 */
export type SignUpStatus = 'missing_requirements' | 'complete';
export type SignUpField = 'email_address' | 'legal_accepted';

export interface SignUpAttempt {
  id: string;
  status: SignUpStatus;
  emailAddress: string | null;
  firstName: string | null;
  lastName: string | null;
  legalAcceptedAt: number | null;
  missingFields: SignUpField[];
  unverifiedFields: 'email_address'[];
  emailVerification: { strategy: 'email_code'; status: VerificationStatus; attempts: number; expiresAt: number; codeHash: string } | null;
}

export interface SignUpFields {
  emailAddress?: string;
  firstName?: string;
  lastName?: string;
  legalAccepted?: boolean;
}

export type SignUpError = {
  code:
    | 'form_param_format_invalid'
    | 'form_param_max_length_exceeded'
    | 'form_code_incorrect'
    | 'verification_expired'
    | 'verification_failed'
    | 'sign_up_wrong_status';
  field?: string;
  message: string;
};
export type SignUpStep = { ok: true; attempt: SignUpAttempt } | { ok: false; error: SignUpError; attempt: SignUpAttempt };

const NAME_MAX = 100;

export function startSignUp(id: string): SignUpAttempt {
  return {
    id,
    status: 'missing_requirements',
    emailAddress: null,
    firstName: null,
    lastName: null,
    legalAcceptedAt: null,
    missingFields: ['email_address', 'legal_accepted'],
    unverifiedFields: [],
    emailVerification: null,
  };
}

/** Sets the given fields; a new email address must be verified again (its code is `codeHash`). */
export function updateSignUp(attempt: SignUpAttempt, fields: SignUpFields, codeHash: string, now: number): SignUpStep {
  if (attempt.status === 'complete') return wrongStatus(attempt);
  const next = { ...attempt };
  if (fields.emailAddress !== undefined) {
    const reading = readEmailAddress(fields.emailAddress);
    if (!reading.ok) return invalid(attempt, 'emailAddress', 'form_param_format_invalid', reading.message);
    const email = reading.address;
    if (email !== attempt.emailAddress) {
      next.emailAddress = email;
      next.emailVerification = { strategy: 'email_code', status: 'unverified', attempts: 0, expiresAt: now + CODE_TTL_MS, codeHash };
    }
  }
  for (const key of ['firstName', 'lastName'] as const) {
    const value = fields[key]?.trim();
    if (value === undefined) continue;
    if (value.length > NAME_MAX) return invalid(attempt, key, 'form_param_max_length_exceeded', `Keep the name under ${NAME_MAX} characters.`);
    next[key] = value || null;
  }
  if (fields.legalAccepted !== undefined) next.legalAcceptedAt = fields.legalAccepted ? now : null;
  return { ok: true, attempt: settle(next) };
}

export function attemptEmailVerification(attempt: SignUpAttempt, code: string, now: number): SignUpStep {
  const v = attempt.emailVerification;
  if (attempt.status === 'complete' || !v || v.status === 'verified') return wrongStatus(attempt);
  if (v.status === 'failed' || v.attempts >= MAX_CODE_ATTEMPTS)
    return { ok: false, attempt, error: { code: 'verification_failed', message: 'Too many wrong codes. Ask for a new code.' } };
  if (now > v.expiresAt)
    return {
      ok: false,
      attempt: { ...attempt, emailVerification: { ...v, status: 'expired' } },
      error: { code: 'verification_expired', message: 'This code has expired. Ask for a new code.' },
    };
  if (!codeMatches(code, v.codeHash)) {
    const attempts = v.attempts + 1;
    const failed = attempts >= MAX_CODE_ATTEMPTS;
    return {
      ok: false,
      attempt: { ...attempt, emailVerification: { ...v, attempts, status: failed ? 'failed' : 'unverified' } },
      error: failed
        ? { code: 'verification_failed', message: 'Too many wrong codes. Ask for a new code.' }
        : { code: 'form_code_incorrect', message: 'That code is not right.' },
    };
  }
  return { ok: true, attempt: settle({ ...attempt, emailVerification: { ...v, status: 'verified' } }) };
}

/** Works out what is still missing; complete when nothing is. */
function settle(attempt: SignUpAttempt): SignUpAttempt {
  const missingFields: SignUpField[] = [];
  if (!attempt.emailAddress) missingFields.push('email_address');
  if (!attempt.legalAcceptedAt) missingFields.push('legal_accepted');
  const unverifiedFields: 'email_address'[] = attempt.emailAddress && attempt.emailVerification?.status !== 'verified' ? ['email_address'] : [];
  const status: SignUpStatus = missingFields.length === 0 && unverifiedFields.length === 0 ? 'complete' : 'missing_requirements';
  return { ...attempt, missingFields, unverifiedFields, status };
}

function invalid(attempt: SignUpAttempt, field: string, code: SignUpError['code'], message: string): SignUpStep {
  return { ok: false, attempt, error: { code, field, message } };
}

function wrongStatus(attempt: SignUpAttempt): SignUpStep {
  return { ok: false, attempt, error: { code: 'sign_up_wrong_status', message: `This sign-up is already at "${attempt.status}"; start again.` } };
}
