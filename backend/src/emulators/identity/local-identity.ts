import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/common/app-error';
import type { ResponseCookie } from '../../platform/common/http/cookies';
import type { EmailSender } from '../../modules/email/email-sender';
import { ADMIN_ORG_ROLE, SUPPORT_ORG_ROLE } from '../../modules/auth';
import type { IdentityStore, LocalSession, LocalUser } from './identity-store';
import { CODE_TTL_MS, newOneTimeCode } from './one-time-code';
import { readClientCookie, sessionCookies, signedOutCookies } from './session-cookies';
import { issueSessionToken, SESSION_TOKEN_TTL_SECONDS } from './session-token';
import { attemptFirstFactor, normaliseEmail, provideIdentifier, resendCode, startSignIn, type SignInAttempt } from './sign-in-attempt';
import { attemptEmailVerification, startSignUp, updateSignUp, type SignUpAttempt } from './sign-up-attempt';
import type { SigningKeys } from './signing-keys';
import { countedWrongCode, type WrongCodeBudget } from './wrong-code-budget';

/** A refused step of the local sign-in, with Clerk's code and a sentence a person can act on. */
export class LocalSignInError extends AppError {
  constructor(code: string, message: string, status = 422) {
    super(code, status, message);
  }
}

export const ADMIN_ORGANIZATION = {
  id: 'org_sculpt',
  role: ADMIN_ORG_ROLE,
  slug: 'systemsculpt',
  permissions: ['org:sys_memberships:manage', 'org:sys_profile:manage'],
};
export const SUPPORT_ORGANIZATION = { ...ADMIN_ORGANIZATION, role: SUPPORT_ORG_ROLE, permissions: [] };
/** A session nobody has used for this long ends at its next refresh. */
export const SESSION_IDLE_LIMIT_MS = 7 * 86_400_000;

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
const hashSecret = (secret: string) => createHash('sha256').update(`local-client:${secret}`).digest('hex');

export interface IdentitySettings {
  publicUrl: string;
  adminEmails: string[];
  /** Addresses whose accounts get the support role (an admin address wins). */
  supportEmails?: string[];
}

export interface SignedIn {
  attempt: { id: string; status: 'complete'; identifier: string };
  cookies: ResponseCookie[];
}

/**
 * The embedded stand-in for Clerk: sign-in and sign-up by email with a one-time code (sent through
 * the email worker, so it lands in the dev outbox), then a session whose short-lived RS256 token
 * is refreshed from a long-lived client cookie, as Clerk's script refreshes its own.
 */
export class LocalIdentity {
  constructor(
    private readonly store: IdentityStore,
    private readonly keys: SigningKeys,
    private readonly email: EmailSender,
    private readonly settings: IdentitySettings,
    private readonly codeBudget: WrongCodeBudget,
  ) {}

  private get secure() {
    return this.settings.publicUrl.startsWith('https:');
  }

  /** Whether an account uses this address (an invitation offers sign-in or sign-up accordingly). */
  async hasAccount(email: string): Promise<boolean> {
    return Boolean(await this.store.userByEmail(normaliseEmail(email)));
  }

  async startSignIn(identifier: string): Promise<SignInAttempt> {
    const email = normaliseEmail(identifier);
    const { code, hash } = newOneTimeCode();
    const step = provideIdentifier(startSignIn(randomId('sia')), email, hash, Date.now());
    if (!step.ok) throw new LocalSignInError(step.error.code, step.error.message);
    if (!(await this.store.userByEmail(email))) {
      throw new LocalSignInError('form_identifier_not_found', "Couldn't find your account. Check the address, or create an account.");
    }
    await this.store.saveAttempt('sign_in', step.attempt);
    await this.sendCode(step.attempt.id, email, code, 'sign-in');
    return step.attempt;
  }

  async resendSignInCode(attemptId: string): Promise<SignInAttempt> {
    const attempt = await this.signInAttempt(attemptId);
    const { code, hash } = newOneTimeCode();
    const step = resendCode(attempt, hash, Date.now());
    if (!step.ok) throw new LocalSignInError(step.error.code, step.error.message);
    await this.store.saveAttempt('sign_in', step.attempt);
    await this.sendCode(attemptId, step.attempt.identifier!, code, 'sign-in');
    return step.attempt;
  }

  /** The address a sign-in's codes go to (what its resends are counted against). */
  async signInAddress(attemptId: string): Promise<string> {
    const attempt = await this.signInAttempt(attemptId);
    return attempt.identifier ?? attempt.id;
  }

  async completeSignIn(attemptId: string, code: string): Promise<SignedIn> {
    const attempt = await this.signInAttempt(attemptId);
    const address = attempt.identifier ?? attempt.id;
    await this.codeBudget.take(address);
    const step = attemptFirstFactor(attempt, code, Date.now());
    if (!countedWrongCode(attempt.firstFactor, step.attempt.firstFactor)) await this.codeBudget.giveBack(address);
    await this.store.saveAttempt('sign_in', step.attempt);
    if (!step.ok) throw new LocalSignInError(step.error.code, step.error.message);
    const user = await this.store.userByEmail(step.attempt.identifier!);
    if (!user) throw new LocalSignInError('form_identifier_not_found', "Couldn't find your account.");
    return { attempt: { id: attemptId, status: 'complete', identifier: user.email }, cookies: await this.openSession(user) };
  }

  async startSignUp(fields: { emailAddress: string; firstName?: string; lastName?: string; legalAccepted: true }): Promise<SignUpAttempt> {
    const { code, hash } = newOneTimeCode();
    const step = updateSignUp(startSignUp(randomId('sua')), fields, hash, Date.now());
    if (!step.ok) throw new LocalSignInError(step.error.code, step.error.message);
    if (await this.store.userByEmail(step.attempt.emailAddress!)) {
      throw new LocalSignInError('form_identifier_exists', 'That email address already has an account. Sign in instead.');
    }
    await this.store.saveAttempt('sign_up', step.attempt);
    await this.sendCode(step.attempt.id, step.attempt.emailAddress!, code, 'sign-up');
    return step.attempt;
  }

  async completeSignUp(attemptId: string, code: string): Promise<SignedIn> {
    const attempt = await this.store.attempt('sign_up', attemptId);
    if (!attempt) throw new LocalSignInError('sign_up_wrong_status', 'This sign-up has expired; start again.', 404);
    const address = attempt.emailAddress ?? attempt.id;
    await this.codeBudget.take(address);
    const step = attemptEmailVerification(attempt, code, Date.now());
    if (!countedWrongCode(attempt.emailVerification, step.attempt.emailVerification)) await this.codeBudget.giveBack(address);
    await this.store.saveAttempt('sign_up', step.attempt);
    if (!step.ok) throw new LocalSignInError(step.error.code, step.error.message);
    const done = step.attempt;
    if (done.status !== 'complete') throw new LocalSignInError('sign_up_wrong_status', 'Accept the terms to finish creating your account.');
    const user = await this.store.createUser({ id: randomId('user'), email: done.emailAddress!, firstName: done.firstName, lastName: done.lastName });
    return { attempt: { id: attemptId, status: 'complete', identifier: user.email }, cookies: await this.openSession(user) };
  }

  /** Ends the session named by the client cookie (if any) and clears the cookies either way. */
  async signOut(cookieHeader: string | undefined): Promise<ResponseCookie[]> {
    const client = readClientCookie(cookieHeader);
    if (client) {
      const session = await this.store.session(client.sessionId);
      if (session && session.clientSecretHash === hashSecret(client.secret)) await this.store.endSession(session.id, 'ended');
    }
    return signedOutCookies(this.secure);
  }

  /** Ends every session of the user, on every device, and clears this browser's cookies. */
  async signOutEverywhere(userId: string): Promise<ResponseCookie[]> {
    await this.store.endUserSessions(userId);
    return signedOutCookies(this.secure);
  }

  /** Whether a session may still be used: what every signed-in request asks, token or not. */
  async isSignInActive(sessionId: string): Promise<boolean> {
    return (await this.store.sessionStatus(sessionId)) === 'active';
  }

  /**
   * A fresh session token for a live client cookie: what Clerk's script does every minute. Answers
   * the token and its cookie, the cookies that sign the browser out when the session is over, or
   * nothing when there is no client cookie at all.
   */
  async refresh(cookieHeader: string | undefined, now = new Date()): Promise<{ token: string | null; cookies: ResponseCookie[] } | undefined> {
    const client = readClientCookie(cookieHeader);
    if (!client) return undefined;
    const session = await this.store.session(client.sessionId);
    if (!session || session.status !== 'active' || session.clientSecretHash !== hashSecret(client.secret)) {
      return { token: null, cookies: signedOutCookies(this.secure) };
    }
    if (now.getTime() - session.lastActiveAt.getTime() > SESSION_IDLE_LIMIT_MS) {
      await this.store.endSession(session.id, 'expired');
      return { token: null, cookies: signedOutCookies(this.secure) };
    }
    const user = await this.store.userById(session.userId);
    if (!user) return { token: null, cookies: signedOutCookies(this.secure) };
    await this.store.touchSession(session.id);
    const token = this.token(user, session, now);
    return { token, cookies: sessionCookies({ token, tokenTtlSeconds: SESSION_TOKEN_TTL_SECONDS, secure: this.secure }) };
  }

  private async signInAttempt(id: string): Promise<SignInAttempt> {
    const attempt = await this.store.attempt('sign_in', id);
    if (!attempt) throw new LocalSignInError('sign_in_wrong_status', 'This sign-in has expired; start again.', 404);
    return attempt;
  }

  private async openSession(user: LocalUser): Promise<ResponseCookie[]> {
    const secret = randomBytes(32).toString('base64url');
    const session = { id: randomId('sess'), userId: user.id, clientSecretHash: hashSecret(secret) };
    await this.store.createSession(session);
    const now = new Date();
    const token = this.token(user, { ...session, createdAt: now }, now);
    return sessionCookies({ token, tokenTtlSeconds: SESSION_TOKEN_TTL_SECONDS, client: `${session.id}.${secret}`, signedInAt: now, secure: this.secure });
  }

  private token(user: LocalUser, session: Pick<LocalSession, 'id' | 'createdAt'>, now: Date): string {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email.split('@')[0]!;
    const organization = this.settings.adminEmails.includes(user.email)
      ? ADMIN_ORGANIZATION
      : this.settings.supportEmails?.includes(user.email)
        ? SUPPORT_ORGANIZATION
        : null;
    return issueSessionToken(
      this.keys,
      {
        userId: user.id,
        sessionId: session.id,
        authorizedParty: new URL(this.settings.publicUrl).origin,
        firstFactorAgeMinutes: Math.max(0, Math.floor((now.getTime() - session.createdAt.getTime()) / 60_000)),
        ...(organization ? { organization } : {}),
        custom: { email: user.email, name },
      },
      now,
    );
  }

  private async sendCode(attemptId: string, to: string, code: string, purpose: 'sign-in' | 'sign-up'): Promise<void> {
    await this.email.enqueue({
      key: `signin-code-${attemptId}-${randomBytes(4).toString('hex')}`,
      kind: 'sign-in-code',
      to,
      data: { code, purpose, minutes: CODE_TTL_MS / 60_000 },
    });
  }
}
