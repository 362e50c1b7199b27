import { createSign } from 'node:crypto';
import type { SigningKeys } from './signing-keys';

/** The frontend API host of the local identity emulator; Clerk matches a token's `iss` against it. */
export const LOCAL_FRONTEND_API = 'identity.local';

/**
 * A well-formed production publishable key naming the local frontend API. A production key (not
 * `pk_test_`) keeps `@clerk/backend` from asking for Clerk's development-browser handshake,
 * which needs Clerk's servers.
 */
export const LOCAL_PUBLISHABLE_KEY = `pk_live_${Buffer.from(`${LOCAL_FRONTEND_API}$`).toString('base64').replace(/=+$/, '')}`;

export interface LocalSessionClaims {
  userId: string;
  sessionId: string;
  /** The site's origin: Clerk checks it against `authorizedParties`. */
  authorizedParty: string;
  /** Minutes since the first factor was verified (Clerk's `fva[0]`). */
  firstFactorAgeMinutes: number;
  organization?: { id: string; role: string; slug: string; permissions: string[] };
  /** Who is acting on the user's behalf (impersonation), as Clerk's `act`. */
  actor?: { sub: string; [claim: string]: unknown };
  /** Claims added the way a Clerk session-token template adds them (e.g. email, name). */
  custom?: Record<string, string | boolean>;
}

/**
 * The lifetime of a local session token, as Clerk's: 60 s, renewed from the client cookie. A
 * stolen or replayed token is good for a minute at most, and every request checks the session.
 */
export const SESSION_TOKEN_TTL_SECONDS = 60;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A session token shaped like Clerk's (version 2 claims), signed RS256 with the emulator's key. */
export function issueSessionToken(keys: SigningKeys, claims: LocalSessionClaims, now = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: keys.kid };
  const payload = {
    ...claims.custom,
    azp: claims.authorizedParty,
    exp: iat + SESSION_TOKEN_TTL_SECONDS,
    fva: [claims.firstFactorAgeMinutes, -1],
    iat,
    iss: `https://${LOCAL_FRONTEND_API}`,
    nbf: iat - 5,
    sid: claims.sessionId,
    sts: 'active',
    sub: claims.userId,
    v: 2,
    ...(claims.organization
      ? {
          o: {
            id: claims.organization.id,
            rol: claims.organization.role.replace(/^org:/, ''),
            slg: claims.organization.slug,
            per: claims.organization.permissions.join(','),
          },
        }
      : {}),
    ...(claims.actor ? { act: claims.actor } : {}),
  };
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(keys.privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}
