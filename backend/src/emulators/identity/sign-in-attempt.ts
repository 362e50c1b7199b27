import { normaliseEmailAddress, readEmailAddress } from '../../../../contracts/email-address';
import { CODE_TTL_MS, codeMatches, MAX_CODE_ATTEMPTS } from './one-time-code';

/**
 * A sign-in attempt as Clerk models one: it starts at `needs_identifier`, asks for a first factor
 * (here a one-time code sent by email) and ends `complete`. Pure: the emulator stores the value
 * and sends the code.
 */
export type SignInStatus = 'needs_identifier' | 'needs_first_factor' | 'complete';
export type VerificationStatus = 'unverified' | 'verified' | 'failed' | 'expired';

export interface SignInAttempt {
  id: string;
  status: SignInStatus;
  identifier: string | null;
  firstFactor: { strategy: 'email_code'; status: VerificationStatus; attempts: number; expiresAt: number; codeHash: string } | null;
}

/** Clerk's error codes for what went wrong, each with a sentence a person can act on. */
export type SignInError =
  | { code: 'form_identifier_invalid'; message: string }
  | { code: 'form_code_incorrect'; message: string }
  | { code: 'verification_expired'; message: string }
  | { code: 'verification_failed'; message: string }
  | { code: 'sign_in_wrong_status'; message: string };

export type Step = { ok: true; attempt: SignInAttempt } | { ok: false; error: SignInError; attempt: SignInAttempt };

/** The site's one address rule (contracts/email-address.ts): NFKC, trimmed, lower-cased. */
export const normaliseEmail = normaliseEmailAddress;

export function startSignIn(id: string): SignInAttempt {
  return { id, status: 'needs_identifier', identifier: null, firstFactor: null };
}

/** The identifier (an email address); a code is due next. `codeHash` is of the code just sent. */
export function provideIdentifier(attempt: SignInAttempt, identifier: string, codeHash: string, now: number): Step {
  if (attempt.status === 'complete') return wrongStatus(attempt);
  const reading = readEmailAddress(identifier);
  if (!reading.ok) return { ok: false, attempt, error: { code: 'form_identifier_invalid', message: reading.message } };
  const email = reading.address;
  return {
    ok: true,
    attempt: {
      ...attempt,
      status: 'needs_first_factor',
      identifier: email,
      firstFactor: { strategy: 'email_code', status: 'unverified', attempts: 0, expiresAt: now + CODE_TTL_MS, codeHash },
    },
  };
}

/** A fresh code for the same address (the old one stops working). */
export function resendCode(attempt: SignInAttempt, codeHash: string, now: number): Step {
  if (attempt.status !== 'needs_first_factor' || !attempt.firstFactor) return wrongStatus(attempt);
  return {
    ok: true,
    attempt: { ...attempt, firstFactor: { ...attempt.firstFactor, status: 'unverified', attempts: 0, expiresAt: now + CODE_TTL_MS, codeHash } },
  };
}

export function attemptFirstFactor(attempt: SignInAttempt, code: string, now: number): Step {
  const factor = attempt.firstFactor;
  if (attempt.status !== 'needs_first_factor' || !factor) return wrongStatus(attempt);
  if (factor.status === 'failed' || factor.attempts >= MAX_CODE_ATTEMPTS) {
    return { ok: false, attempt, error: { code: 'verification_failed', message: 'Too many wrong codes. Ask for a new code.' } };
  }
  if (now > factor.expiresAt) {
    return {
      ok: false,
      attempt: { ...attempt, firstFactor: { ...factor, status: 'expired' } },
      error: { code: 'verification_expired', message: 'This code has expired. Ask for a new code.' },
    };
  }
  if (!codeMatches(code, factor.codeHash)) {
    const attempts = factor.attempts + 1;
    const status: VerificationStatus = attempts >= MAX_CODE_ATTEMPTS ? 'failed' : 'unverified';
    const left = MAX_CODE_ATTEMPTS - attempts;
    return {
      ok: false,
      attempt: { ...attempt, firstFactor: { ...factor, attempts, status } },
      error:
        status === 'failed'
          ? { code: 'verification_failed', message: 'Too many wrong codes. Ask for a new code.' }
          : { code: 'form_code_incorrect', message: `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` },
    };
  }
  return { ok: true, attempt: { ...attempt, status: 'complete', firstFactor: { ...factor, status: 'verified' } } };
}

function wrongStatus(attempt: SignInAttempt): Step {
  return { ok: false, attempt, error: { code: 'sign_in_wrong_status', message: `This sign-in is already at "${attempt.status}"; start again.` } };
}
