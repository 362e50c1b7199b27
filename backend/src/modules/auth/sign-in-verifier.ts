import { createClerkClient, type ClerkClient } from '@clerk/backend';

/** What the app knows about who is calling: the spec's session fields, signed out or in. */
export interface AuthContext {
  userId: string | null;
  sessionId: string | null;
  sessionStatus: string | null;
  sessionClaims: Record<string, unknown> | null;
  orgId: string | null;
  orgRole: string | null;
  orgSlug: string | null;
  orgPermissions: string[];
  actor: Record<string, unknown> | null;
  /** Minutes since the first and second factor were verified; -1 when never. */
  factorVerificationAge: [number, number] | null;
}

export const SIGNED_OUT: AuthContext = {
  userId: null,
  sessionId: null,
  sessionStatus: null,
  sessionClaims: null,
  orgId: null,
  orgRole: null,
  orgSlug: null,
  orgPermissions: [],
  actor: null,
  factorVerificationAge: null,
};

export interface SignInVerifierOptions {
  publishableKey: string;
  secretKey: string;
  /** The instance's public key (PEM): tokens are verified without a network call. */
  jwtKey: string;
  /** Origins allowed in a token's `azp`. */
  authorizedParties: string[];
}

/**
 * Reads the session from a request (the `__session` cookie or a bearer token) with Clerk's own
 * `authenticateRequest`, the same call whether the tokens come from Clerk or the local emulator.
 */
export class SignInVerifier {
  private readonly clerk: ClerkClient;

  constructor(private readonly options: SignInVerifierOptions) {
    this.clerk = createClerkClient({
      publishableKey: options.publishableKey,
      secretKey: options.secretKey,
      jwtKey: options.jwtKey,
      telemetry: { disabled: true },
    });
  }

  async authenticate(request: Request): Promise<AuthContext> {
    const state = await this.clerk.authenticateRequest(request, {
      jwtKey: this.options.jwtKey,
      authorizedParties: this.options.authorizedParties,
    });
    if (!state.isSignedIn) return SIGNED_OUT;
    const auth = state.toAuth();
    return {
      userId: auth.userId,
      sessionId: auth.sessionId,
      sessionStatus: auth.sessionStatus ?? null,
      sessionClaims: auth.sessionClaims as Record<string, unknown>,
      orgId: auth.orgId ?? null,
      orgRole: auth.orgRole ?? null,
      orgSlug: auth.orgSlug ?? null,
      orgPermissions: auth.orgPermissions ?? [],
      actor: (auth.actor as Record<string, unknown> | undefined) ?? null,
      factorVerificationAge: auth.factorVerificationAge ?? null,
    };
  }
}
