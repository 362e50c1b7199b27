import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { deriveKey } from '../../../backend/src/platform/common/secrets/site-secret';
import { FormCsrf } from '../../../backend/src/modules/contact/form-csrf';
import { emailPreferencesStreamId } from '../../../backend/src/modules/preferences/email-address';
import { ManageEmailTokens, type ManageEmailPurpose } from '../../../backend/src/modules/preferences/manage-email-token';
import { uniqueQueuePrefix } from '../../support/test-database';
import { testPool } from '../../support/test-events';
import { startTestApi, type TestApi } from '../../support/test-api';

const SECRET = { value: Buffer.from('integration-secret-0123456789abcdef-xyz', 'utf8') };
const manageTokens = (now = () => new Date()) => new ManageEmailTokens(deriveKey(SECRET, 'manage-email'), now);
const tokenFor = (email: string, purpose: ManageEmailPurpose = 'manage') => manageTokens().issue(email, purpose);

let api: TestApi;
let pool: Pool;
beforeAll(async () => {
  api = await startTestApi({ env: { SITE_TOKEN_SECRET: SECRET.value.toString('utf8'), QUEUE_PREFIX: uniqueQueuePrefix('contact') } });
  pool = testPool(2);
});
afterAll(async () => {
  await pool.end();
  await api.close();
});

let ipCounter = 0;
/** A fresh client address per test (the app trusts X-Forwarded-For from loopback), so per-IP limits do not leak between tests. */
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

async function formSession(ip: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${api.url}/_serverFn/getContactCsrfToken`, { headers: { 'x-forwarded-for': ip } });
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { result } = (await response.json()) as { result: { token: string } };
  return { cookie, token: result.token };
}

function postContact(body: unknown, options: { cookie?: string; ip: string; origin?: string | null }) {
  return fetch(`${api.url}/_serverFn/submitContactMessage`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.ip,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin === null ? {} : { origin: options.origin ?? api.url }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const message = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email,
  topic: 'billing',
  message: 'How do refunds for the lifetime license work?',
  ...overrides,
});

async function contactEventsFor(email: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("select count(*) as n from events where type = 'ContactMessageReceived' and data->>'email' = $1", [email]);
  return Number(rows[0]!.n);
}

async function preferenceEventsFor(email: string): Promise<string[]> {
  const { rows } = await pool.query<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [
    emailPreferencesStreamId(email),
  ]);
  return rows.map((r) => r.type);
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; issues?: { path: unknown[] }[] } }).error;

describe('the contact form', () => {
  it('records a message sent with the session cookie, its token and our Origin', async () => {
    const ip = freshIp();
    const email = `ada-${randomUUID()}@example.com`;
    const session = await formSession(ip);
    expect(session.cookie).toMatch(/^sculpt_form=/);
    const response = await postContact({ ...message(email), csrfToken: session.token }, { cookie: session.cookie, ip });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { status: 'received' } });
    expect(await contactEventsFor(email)).toBe(1);
  });

  it('refuses a post without a token, with a stale one, or with another browser’s, and records nothing', async () => {
    const ip = freshIp();
    const email = `csrf-${randomUUID()}@example.com`;
    const mine = await formSession(ip);
    const theirs = await formSession(ip);

    const without = await postContact(message(email), { cookie: mine.cookie, ip });
    expect(without.status).toBe(400);
    expect((await errorOf(without)).issues?.map((i) => i.path)).toEqual([['csrfToken']]);

    const noCookie = await postContact({ ...message(email), csrfToken: mine.token }, { ip });
    expect(noCookie.status).toBe(403);
    expect((await errorOf(noCookie)).code).toBe('contact.csrf_invalid');

    const crossed = await postContact({ ...message(email), csrfToken: theirs.token }, { cookie: mine.cookie, ip });
    expect(crossed.status).toBe(403);

    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    const stale = new FormCsrf(deriveKey(SECRET, 'contact-form'), false, () => threeHoursAgo).issue(mine.cookie).token;
    const old = await postContact({ ...message(email), csrfToken: stale }, { cookie: mine.cookie, ip });
    expect(old.status).toBe(403);
    expect((await errorOf(old)).code).toBe('contact.csrf_invalid');

    expect(await contactEventsFor(email)).toBe(0);
  });

  it('refuses a post from another site’s page', async () => {
    const ip = freshIp();
    const email = `xsite-${randomUUID()}@example.com`;
    const session = await formSession(ip);
    const response = await postContact({ ...message(email), csrfToken: session.token }, { cookie: session.cookie, ip, origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('CROSS_SITE');
    expect(await contactEventsFor(email)).toBe(0);
  });

  it('answers a bot that fills the honeypot as it would a person, and keeps nothing', async () => {
    const ip = freshIp();
    const email = `bot-${randomUUID()}@example.com`;
    const session = await formSession(ip);
    const response = await postContact({ ...message(email), csrfToken: session.token, website: 'https://spam.example' }, { cookie: session.cookie, ip });
    expect(response.status).toBe(200);
    expect(await contactEventsFor(email)).toBe(0);
  });

  it('answers oversized and malformed input with a 4xx naming the problem, and keeps nothing', async () => {
    const ip = freshIp();
    const email = `big-${randomUUID()}@example.com`;
    const session = await formSession(ip);
    const long = await postContact(
      { ...message(email, { message: 'x'.repeat(5001), name: 'n'.repeat(101) }), csrfToken: session.token },
      { cookie: session.cookie, ip },
    );
    expect(long.status).toBe(400);
    expect((await errorOf(long)).issues?.map((i) => i.path)).toEqual([['name'], ['message']]);
    const huge = await postContact({ ...message(email, { message: 'x'.repeat(200_000) }), csrfToken: session.token }, { cookie: session.cookie, ip });
    expect(huge.status).toBe(413);
    const broken = await postContact('{"name":', { cookie: session.cookie, ip });
    expect(broken.status).toBe(400);
    const wrongTopic = await postContact(
      { ...message(email, { topic: 'lottery', email: 'not an address' }), csrfToken: session.token },
      { cookie: session.cookie, ip },
    );
    expect((await errorOf(wrongTopic)).issues?.map((i) => i.path)).toEqual([['email'], ['topic']]);
    expect(await contactEventsFor(email)).toBe(0);
  });

  it('limits messages per address (5 an hour) with a 429 and Retry-After, keeping nothing over the limit', async () => {
    const email = `busy-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      const ip = freshIp();
      const session = await formSession(ip);
      last = await postContact({ ...message(email), csrfToken: session.token }, { cookie: session.cookie, ip });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await errorOf(last!)).code).toBe('RATE_LIMITED');
    expect(await contactEventsFor(email)).toBe(5);
  });

  it('limits messages per client address (10 an hour)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      // A token sends one message: each message comes from a fresh form.
      const session = await formSession(ip);
      statuses.push(
        (await postContact({ ...message(`ip-${i}-${randomUUID()}@example.com`), csrfToken: session.token }, { cookie: session.cookie, ip })).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sends a form posted without JavaScript back to /contact with the outcome (303)', async () => {
    const ip = freshIp();
    const session = await formSession(ip);
    const form = (fields: Record<string, string>) =>
      fetch(`${api.url}/_serverFn/submitContactMessage`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: session.cookie, origin: api.url, 'x-forwarded-for': ip },
        body: new URLSearchParams(fields).toString(),
      });
    const ok = await form({ ...message(`plain-${randomUUID()}@example.com`), csrfToken: session.token, website: '' });
    expect([ok.status, ok.headers.get('location')]).toEqual([303, '/contact?status=sent']);
    const bad = await form({ ...message('nope'), csrfToken: session.token });
    expect([bad.status, bad.headers.get('location')]).toEqual([303, '/contact?status=error&reason=VALIDATION_FAILED']);
  });

  it('keeps what a refused plain post typed, for that browser only, and forgets it once a message goes through', async () => {
    const ip = freshIp();
    const session = await formSession(ip);
    const plain = (fields: Record<string, string>, cookie: string, origin = api.url) =>
      fetch(`${api.url}/_serverFn/submitContactMessage`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie, origin, 'x-forwarded-for': ip },
        body: new URLSearchParams(fields).toString(),
      });
    const typed = { name: 'Ada Lovelace', email: 'not-an-address', topic: 'billing', message: 'Short' };
    // Text another site's page posted is never kept to be shown on ours.
    const planted = await plain({ ...typed, csrfToken: session.token }, session.cookie, 'https://evil.example');
    expect([planted.status, planted.headers.get('location')]).toEqual([303, '/contact?status=error&reason=CROSS_SITE']);
    expect(planted.headers.getSetCookie().some((c) => c.startsWith('sculpt_draft='))).toBe(false);

    const refused = await plain({ ...typed, csrfToken: session.token, website: '' }, session.cookie);
    expect(refused.status).toBe(303);
    const draftCookie = refused.headers.getSetCookie().find((c) => c.startsWith('sculpt_draft='))!;
    expect(draftCookie).toMatch(/; Max-Age=600; Path=\/; .*HttpOnly; SameSite=Lax/);
    const withDraft = `${session.cookie}; ${draftCookie.split(';')[0]}`;

    const readDraft = async (cookie: string) =>
      (
        (await (await fetch(`${api.url}/_serverFn/getContactCsrfToken`, { headers: { cookie, 'x-forwarded-for': ip } })).json()) as {
          result: { draft: unknown };
        }
      ).result.draft;
    const draft = (await readDraft(withDraft)) as { values: Record<string, string>; issues: { path: string[]; message: string }[] };
    expect(draft.values).toEqual(typed);
    expect(draft.issues.map((issue) => issue.path[0]).sort()).toEqual(['email', 'message']);
    expect(draft.issues.find((issue) => issue.path[0] === 'message')!.message).toBe('Write at least 10 characters so we can help.');
    // The honeypot and the token are not part of what comes back; another browser gets nothing.
    expect(await readDraft(session.cookie)).toBeNull();

    const sent = await plain({ ...message(`draft-${randomUUID()}@example.com`), csrfToken: session.token, website: '' }, withDraft);
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/contact?status=sent']);
    expect(sent.headers.getSetCookie().find((c) => c.startsWith('sculpt_draft='))).toMatch(/^sculpt_draft=; Max-Age=0;/);
  });
});

describe('manage-email links', () => {
  const get = async (email: string | undefined, token: string | undefined) => {
    const payload = encodeURIComponent(JSON.stringify({ email, token }));
    return ((await (await fetch(`${api.url}/_serverFn/getEmailPreferences?payload=${payload}`)).json()) as { result: { status: string; reason?: string } })
      .result;
  };

  it('shows every topic for a valid link', async () => {
    const email = `prefs-${randomUUID()}@example.com`;
    expect(await get(email, tokenFor(email))).toEqual({
      status: 'ok',
      email,
      unsubscribedFromAll: false,
      topics: [
        { topic: 'product_updates', on: true },
        { topic: 'newsletter', on: false },
        { topic: 'tips_and_offers', on: false },
        { topic: 'session_reminders', on: true },
      ],
    });
  });

  it('says plainly what is wrong with a missing, forged, foreign, wrong-purpose or expired token', async () => {
    const email = `bad-${randomUUID()}@example.com`;
    expect(await get(email, undefined)).toEqual({ status: 'link-problem', reason: 'missing', email });
    // Changed inside the MAC: the last base64url character carries unused bits, so changing it may change nothing.
    const token = tokenFor(email);
    const at = token.length - 5;
    expect(await get(email, `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`)).toMatchObject({ reason: 'invalid' });
    expect(await get(email, tokenFor('someone-else@example.com'))).toMatchObject({ reason: 'invalid' });
    expect(await get(email, tokenFor(email, 'unsubscribe.newsletter'))).toMatchObject({ reason: 'invalid' });
    const old = manageTokens(() => new Date(Date.now() - 61 * 86_400_000)).issue(email, 'manage');
    expect(await get(email, old)).toMatchObject({ reason: 'expired' });
  });

  const update = (email: string, token: string, change: unknown) =>
    fetch(`${api.url}/_serverFn/updateEmailPreferences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, token, change }),
    });

  it('changes topics with a valid link, and refuses (403, nothing recorded) with any other', async () => {
    const email = `change-${randomUUID()}@example.com`;
    const forged = await update(email, tokenFor(`x-${email}`), { type: 'unsubscribe-all' });
    expect(forged.status).toBe(403);
    expect((await errorOf(forged)).code).toBe('email.link_invalid');
    expect(await preferenceEventsFor(email)).toEqual([]);
    const malformed = await update(email, tokenFor(email), { type: 'set-topics', topics: { spam: true } });
    expect(malformed.status).toBe(400);

    const ok = await update(email, tokenFor(email), { type: 'set-topics', topics: { newsletter: true, product_updates: false } });
    expect(ok.status).toBe(200);
    const { result } = (await ok.json()) as { result: { topics: { topic: string; on: boolean }[] } };
    expect(result.topics.filter((t) => t.on).map((t) => t.topic)).toEqual(['newsletter', 'session_reminders']);
    await update(email, tokenFor(email), { type: 'unsubscribe-all' });
    await update(email, tokenFor(email), { type: 'resubscribe' });
    expect(await preferenceEventsFor(email)).toEqual(['EmailTopicUnsubscribed', 'EmailTopicSubscribed', 'EmailUnsubscribedFromAll', 'EmailResubscribed']);
  });

  it('takes each change as a plain form post (one word per button), answered with the page and its link (303)', async () => {
    const email = `plain-${randomUUID()}@example.com`;
    const token = tokenFor(email);
    const post = (change: string, as = token) =>
      fetch(`${api.url}/_serverFn/updateEmailPreferences`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: api.url },
        body: new URLSearchParams({ email, token: as, change }).toString(),
      });
    const page = (outcome: string) => `/manage-email?${new URLSearchParams({ email, token }).toString()}&${outcome}`;

    const on = await post('newsletter:on');
    expect([on.status, on.headers.get('location')]).toEqual([303, page('status=sent')]);
    const all = await post('unsubscribe-all');
    expect(all.headers.get('location')).toBe(page('status=sent'));
    expect(await preferenceEventsFor(email)).toEqual(['EmailTopicSubscribed', 'EmailUnsubscribedFromAll']);

    for (const word of ['newsletter:maybe', 'spam:on', 'newsletter:on:again', 'delete-everything']) {
      const refused = await post(word);
      expect([word, refused.status, refused.headers.get('location')]).toEqual([word, 303, page('status=error&reason=VALIDATION_FAILED')]);
    }
    const forged = await post('resubscribe', tokenFor(`x-${email}`));
    expect(forged.headers.get('location')).toContain('status=error&reason=email.link_invalid');
    expect(await preferenceEventsFor(email)).toEqual(['EmailTopicSubscribed', 'EmailUnsubscribedFromAll']);
  });

  it('emails a fresh link only to a known address, answers the same for both, and limits requests', async () => {
    const known = `known-${randomUUID()}@example.com`;
    await update(known, tokenFor(known), { type: 'set-topics', topics: { newsletter: true } });
    const unknown = `unknown-${randomUUID()}@example.com`;
    const ask = (email: string) =>
      fetch(`${api.url}/_serverFn/requestManageEmailLink`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ email }),
      });
    const [a, b] = await Promise.all([ask(known), ask(unknown)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    expect(await preferenceEventsFor(known)).toEqual(['EmailTopicSubscribed', 'ManageEmailLinkRequested']);
    expect(await preferenceEventsFor(unknown)).toEqual([]);
    await ask(unknown);
    await ask(unknown);
    const limited = await ask(unknown);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const oneClickUrl = (email: string, topic: string, token: string) => `${api.url}/email/unsubscribe?${new URLSearchParams({ email, topic, token })}`;
  const oneClick = (url: string) =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

  it('unsubscribes from the topic without cookie, token or redirect, once however often it is posted; a GET changes nothing', async () => {
    const email = `oneclick-${randomUUID()}@example.com`;
    const url = oneClickUrl(email, 'product_updates', tokenFor(email, 'unsubscribe.product_updates'));
    const prefetch = await fetch(url, { redirect: 'manual' });
    expect(prefetch.status).toBe(200);
    expect(await prefetch.text()).toContain('<form method="post"');
    expect(await preferenceEventsFor(email)).toEqual([]);
    const answers = [await oneClick(url), await oneClick(url), await oneClick(url)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.every((r) => r.headers.get('location') === null)).toBe(true);
    expect(await preferenceEventsFor(email)).toEqual(['EmailTopicUnsubscribed']);
  });

  it('keeps working 31 days later', async () => {
    const email = `late-${randomUUID()}@example.com`;
    const token = manageTokens(() => new Date(Date.now() - 31 * 86_400_000)).issue(email, 'unsubscribe.session_reminders');
    expect((await oneClick(oneClickUrl(email, 'session_reminders', token))).status).toBe(200);
    expect(await preferenceEventsFor(email)).toEqual(['EmailTopicUnsubscribed']);
  });

  it('refuses a forged link, another topic’s link, and a link missing its parts', async () => {
    const email = `forged-${randomUUID()}@example.com`;
    expect((await oneClick(oneClickUrl(email, 'product_updates', tokenFor(`other-${email}`, 'unsubscribe.product_updates')))).status).toBe(403);
    expect((await oneClick(oneClickUrl(email, 'product_updates', tokenFor(email, 'unsubscribe.newsletter')))).status).toBe(403);
    expect((await oneClick(`${api.url}/email/unsubscribe?email=${encodeURIComponent(email)}`)).status).toBe(400);
    expect(await preferenceEventsFor(email)).toEqual([]);
  });
});
