import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { UnauthenticatedError } from '../../platform/common/app-error';
import { ADMIN_ORG_ROLE, type AdminRole, SUPPORT_ORG_ROLE } from './identity-stand-in';
import type { SignInStatusCheck } from './sign-in-status';
import { SIGNED_OUT, type AuthContext, type SignInVerifier } from './sign-in-verifier';

/** The signed-in person as the app's modules use them. */
export interface SignedInUser {
  userId: string;
  sessionId: string;
  email: string | null;
  name: string;
  /** The owner role (org:admin): hosts sessions and may do everything in /admin. */
  isAdmin: boolean;
  /** The account's admin role, if it has one: owner (org:admin) or support (org:support). */
  adminRole: AdminRole | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The one place a server function learns who is calling: the session token (cookie or bearer)
 * verified by @clerk/backend, whether Clerk or the local sign-in issued it, and for the local
 * sign-in its session's status looked up. Read once per call.
 */
export class Auth {
  private readonly seen = new WeakMap<ServerFnContext, Promise<AuthContext>>();

  constructor(
    private readonly verifier: SignInVerifier,
    private readonly publicUrl: string,
    private readonly signInStatus?: SignInStatusCheck,
  ) {}

  context(context: ServerFnContext): Promise<AuthContext> {
    let found = this.seen.get(context);
    if (!found) {
      found = this.verify(context);
      this.seen.set(context, found);
    }
    return found;
  }

  async user(context: ServerFnContext): Promise<SignedInUser | null> {
    const auth = await this.context(context);
    if (!auth.userId || !auth.sessionId) return null;
    const claims = auth.sessionClaims ?? {};
    const email = text(claims.email);
    return {
      userId: auth.userId,
      sessionId: auth.sessionId,
      email,
      name: text(claims.name) ?? email?.split('@')[0] ?? 'Account',
      isAdmin: auth.orgRole === ADMIN_ORG_ROLE,
      adminRole: auth.orgRole === ADMIN_ORG_ROLE ? 'owner' : auth.orgRole === SUPPORT_ORG_ROLE ? 'support' : null,
    };
  }

  async requireUser(context: ServerFnContext): Promise<SignedInUser> {
    const user = await this.user(context);
    if (!user) throw new UnauthenticatedError('Sign in to continue.');
    return user;
  }

  private async verify(context: ServerFnContext): Promise<AuthContext> {
    const headers = new Headers();
    for (const name of ['cookie', 'authorization'] as const) {
      const value = context.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    if (!headers.has('cookie') && !headers.has('authorization')) return SIGNED_OUT;
    try {
      const auth = await this.verifier.authenticate(new Request(new URL('/', this.publicUrl), { headers }));
      if (auth.sessionId && this.signInStatus && !(await this.signInStatus.isSignInActive(auth.sessionId))) return SIGNED_OUT;
      return auth;
    } catch (error) {
      context.log.warn({ err: error }, 'session could not be verified; treated as signed out');
      return SIGNED_OUT;
    }
  }
}
