import type { ResponseCookie } from '../../platform/common/http/cookies';
import type { SignInStatusCheck } from './sign-in-status';

/** The role of the site's organization that makes an account an admin (a host). */
export const ADMIN_ORG_ROLE = 'org:admin';

/** The role of the site's organization that makes an account a support admin (reads, resends, grants up to a limit). */
export const SUPPORT_ORG_ROLE = 'org:support';

/** What an admin may do: an owner everything, support a part (see the support actions). */
export type AdminRole = 'owner' | 'support';

/**
 * The embedded sign-in that stands in for Clerk outside production: bound by emulators/identity
 * when it is mounted (see standIns), absent with Clerk. Auth asks it whether a session is live.
 */
export interface IdentityStandIn extends SignInStatusCheck {
  hasAccount(email: string): Promise<boolean>;
  /** The cookies that end this browser's session. */
  signOut(cookieHeader: string | undefined): Promise<ResponseCookie[]>;
  /** The cookies for this browser once every session of the user has ended. */
  signOutEverywhere(userId: string): Promise<ResponseCookie[]>;
}

export const IDENTITY_STAND_IN = Symbol('IDENTITY_STAND_IN');

/** The keys the stand-in's session tokens are verified with, in place of Clerk's. */
export interface StandInSignInKeys {
  publishableKey: string;
  secretKey: string;
  jwtKey: string;
}

export const STAND_IN_SIGN_IN_KEYS = Symbol('STAND_IN_SIGN_IN_KEYS');
