import { parsePublishableKey } from '../../../../contracts/auth/publishable-key';
import { generateSigningKeys } from './signing-keys';
import { issueSessionToken, LOCAL_PUBLISHABLE_KEY, SESSION_TOKEN_TTL_SECONDS, type LocalSessionClaims } from './session-token';
import { SignInVerifier, SIGNED_OUT } from '../../modules/auth/sign-in-verifier';

const SITE = 'http://localhost:3000';
const keys = generateSigningKeys();
const verifier = new SignInVerifier({ publishableKey: LOCAL_PUBLISHABLE_KEY, secretKey: 'sk_live_local', jwtKey: keys.jwtKey, authorizedParties: [SITE] });

const claims: LocalSessionClaims = {
  userId: 'user_2abc',
  sessionId: 'sess_2xyz',
  authorizedParty: SITE,
  firstFactorAgeMinutes: 3,
  organization: { id: 'org_1', role: 'admin', slug: 'sculpt-team', permissions: [] },
};

// Clerk's browser script keeps two cookies: the session token and the client's last update time.
const withCookie = (token: string) =>
  new Request(`${SITE}/dashboard`, { headers: { cookie: `__session=${token}; __client_uat=${Math.floor(Date.now() / 1000) - 10}`, accept: 'text/html' } });
const withBearer = (token: string) => new Request(`${SITE}/_serverFn/getDashboardData`, { headers: { authorization: `Bearer ${token}` } });

describe('local session tokens, verified by @clerk/backend without a network', () => {
  it('reads every session field from the __session cookie', async () => {
    const auth = await verifier.authenticate(withCookie(issueSessionToken(keys, claims)));
    expect(auth).toMatchObject({
      userId: 'user_2abc',
      sessionId: 'sess_2xyz',
      sessionStatus: 'active',
      orgId: 'org_1',
      orgRole: 'org:admin',
      orgSlug: 'sculpt-team',
      actor: null,
      factorVerificationAge: [3, -1],
    });
    expect(auth.sessionClaims).toMatchObject({ sub: 'user_2abc', sid: 'sess_2xyz', v: 2, iss: 'https://identity.local' });
  });

  it('reads a bearer token the same way, and carries an actor', async () => {
    const auth = await verifier.authenticate(withBearer(issueSessionToken(keys, { ...claims, organization: undefined, actor: { sub: 'user_admin' } })));
    expect(auth.userId).toBe('user_2abc');
    expect(auth.orgId).toBeNull();
    expect(auth.actor).toEqual({ sub: 'user_admin' });
  });

  it('is signed out with no token, an expired token, another key, or another site', async () => {
    expect(await verifier.authenticate(new Request(`${SITE}/`))).toEqual(SIGNED_OUT);
    const expired = issueSessionToken(keys, claims, new Date(Date.now() - (SESSION_TOKEN_TTL_SECONDS + 120) * 1000));
    expect(await verifier.authenticate(withBearer(expired))).toEqual(SIGNED_OUT);
    const forged = issueSessionToken(generateSigningKeys(), claims);
    expect(await verifier.authenticate(withBearer(forged))).toEqual(SIGNED_OUT);
    const elsewhere = issueSessionToken(keys, { ...claims, authorizedParty: 'https://evil.example' });
    expect(await verifier.authenticate(withBearer(elsewhere))).toEqual(SIGNED_OUT);
    const tampered = issueSessionToken(keys, claims).replace(/\.([^.]+)\./, (_, payload: string) => {
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      return `.${Buffer.from(JSON.stringify({ ...body, sub: 'user_someone_else' })).toString('base64url')}.`;
    });
    expect(await verifier.authenticate(withBearer(tampered))).toEqual(SIGNED_OUT);
  });

  it('names a well-formed production publishable key for the local frontend API', () => {
    expect(LOCAL_PUBLISHABLE_KEY).toMatch(/^pk_live_[A-Za-z0-9+/]+$/);
    expect(parsePublishableKey(LOCAL_PUBLISHABLE_KEY)).toEqual({ instanceType: 'production', frontendApi: 'identity.local' });
  });
});
