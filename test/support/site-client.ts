import { createServer } from 'node:net';
import { latestSignInCode } from './sign-in-codes';
import { startSite, type SiteServer } from './site-server';
import { eventually as readUntil } from './waits';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A site whose PUBLIC_URL is its real address, for flows that leave and come back (Stripe's
 * checkout sends the browser to PUBLIC_URL's success page).
 */
export async function startAddressableSite(label: string, env: Record<string, string> = {}): Promise<SiteServer> {
  const port = await freePort();
  return startSite(label, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
}

export interface FnAnswer<T = any> {
  status: number;
  result?: T;
  redirect?: { href: string; to: string; search: Record<string, unknown> };
  error?: { code: string; message: string; issues?: unknown[] };
  setCookies: string[];
}

/** Calls a server function over HTTP as the browser does. */
export async function callFn<T = any>(
  baseUrl: string,
  id: string,
  input: unknown,
  options: { cookie?: string; method?: 'GET' | 'POST' } = {},
): Promise<FnAnswer<T>> {
  const method = options.method ?? 'POST';
  const url = `${baseUrl}/_serverFn/${id}${method === 'GET' ? `?payload=${encodeURIComponent(JSON.stringify(input ?? {}))}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined,
  });
  const body = (await response.json()) as Omit<FnAnswer<T>, 'status' | 'setCookies'>;
  return { status: response.status, ...body, setCookies: response.headers.getSetCookie() };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export const cookieJar = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** Creates an account through the local sign-in (the code read from the site's email queue) and returns its cookies. */
export async function signUpOverHttp(site: Pick<SiteServer, 'url' | 'queuePrefix'>, email: string, name = 'Test Buyer'): Promise<string> {
  const [firstName, ...rest] = name.split(' ');
  const created = await callFn(site.url, 'localSignUpCreate', { emailAddress: email, firstName, lastName: rest.join(' ') || undefined, legalAccepted: true });
  if (!created.result) throw new Error(`sign-up refused: ${JSON.stringify(created.error)}`);
  const code = await latestSignInCode(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', site.queuePrefix, email);
  const done = await callFn(site.url, 'localSignUpAttemptVerification', { attemptId: created.result.id, code });
  if (!done.result) throw new Error(`verification refused: ${JSON.stringify(done.error)}`);
  return cookieJar(done.setCookies);
}

/** A buyer's billing address as Stripe Checkout collects it: by default one in the US, where the seller charges no tax. */
export type BillingForm = Record<string, string>;
export const usBillingAddress: BillingForm = { country: 'US', line1: '1 Main Street', city: 'Austin', postal_code: '78701', state: 'TX' };

/**
 * Follows a Stripe Checkout URL to the emulator's hosted page and makes a choice there, as the
 * buyer's browser would, with the billing address every checkout of the site asks for.
 */
export async function chooseOnHostedCheckout(
  checkoutUrl: string,
  choice: 'pay' | 'decline' | 'pay-later' | 'settle' | 'fail-payment' | 'cancel',
  billing: BillingForm = usBillingAddress,
): Promise<Response> {
  const url = new URL(checkoutUrl);
  return fetch(`${url.origin}${url.pathname}/${choice}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: '', ...billing }).toString(),
    redirect: 'manual',
  });
}

/** Polls until `check` passes (or throws with the last value read after `timeoutMs`); every 150 ms, as each read is an HTTP round trip to a site. */
export function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  return readUntil(`the condition held (within ${timeoutMs} ms)`, read, check, timeoutMs, 150);
}

/** Signs in to /admin with its token as the sign-in form does; the Cookie header of the session. */
export async function adminSession(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/session`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** A GET server function as a page calls it, with this Cookie header (or none): its status and JSON body. */
export async function getServerFn(
  baseUrl: string,
  fn: string,
  payload: unknown,
  cookie: string | null,
): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${baseUrl}/_serverFn/${fn}?payload=${encodeURIComponent(JSON.stringify(payload))}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

export interface AdminConsole {
  cookie: string;
  /** A GET server function as the console's pages call it, with the admin's cookie unless another (or null, none) is given. */
  call(fn: string, payload: unknown, cookie?: string | null): Promise<{ status: number; body: Record<string, any> }>;
  /** Its result, failing unless it answered 200. */
  result(fn: string, payload: unknown): Promise<any>;
}

/** The support console of a running site, signed in with its token. */
export async function signInAdmin(baseUrl: string, token: string): Promise<AdminConsole> {
  const cookie = await adminSession(baseUrl, token);
  const call: AdminConsole['call'] = (fn, payload, as = cookie) => getServerFn(baseUrl, fn, payload, as);
  const result: AdminConsole['result'] = async (fn, payload) => {
    const answer = await call(fn, payload);
    if (answer.status !== 200) throw new Error(`${fn} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  return { cookie, call, result };
}

/** A signed-up buyer who paid on the hosted checkout for a lifetime license of `seats` seats, once their dashboard shows it. */
export async function buyLicenseOverHttp(
  site: Pick<SiteServer, 'url' | 'queuePrefix'>,
  email: string,
  seats = 1,
): Promise<{ cookie: string; key: string; licenseId: string; checkoutUrl: string }> {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: seats }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  const data = await eventually(
    () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
    (d) => d.result?.licenses.length === 1,
  );
  return { cookie, key: data.result.licenses[0].key, licenseId: data.result.licenses[0].licenseId, checkoutUrl: started.result.url };
}

/** The owner gives a seat of their license to `email`, who signs up and finds its key on their dashboard. */
export async function giveSeatOverHttp(
  site: Pick<SiteServer, 'url' | 'queuePrefix'>,
  owner: { cookie: string; licenseId: string },
  email: string,
): Promise<{ cookie: string; key: string }> {
  const assigned = await callFn(site.url, 'assignSeat', { licenseId: owner.licenseId, email }, { cookie: owner.cookie });
  if (assigned.status !== 200) throw new Error(`assignSeat answered ${assigned.status}: ${JSON.stringify(assigned.error)}`);
  const cookie = await signUpOverHttp(site, email);
  const data = await eventually(
    () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
    (d) => d.result?.sharedSeats.length === 1,
  );
  return { cookie, key: data.result.sharedSeats[0].key as string };
}
