import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { z } from 'zod';
import { LICENSE_CHANGES_CHANNEL, LicenseChanges } from '../../../backend/src/modules/licenses/license-changes';
import { emulatorStripe } from '../../support/emulator-client';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { readBalance } from '../../support/plugin-credits-decoder';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';
import { startTestApi, type TestApi } from '../../support/test-api';

/**
 * The plugin's contract, held to what the plugin reads (plugin-facts.md), and keys taken back
 * refused by every api process at once. Two api processes share one database: the built site (a
 * child process, which also runs the projections) and an api in this process, whose LicenseChanges
 * the test can watch.
 */
const TOKEN = 'plugin-contract-token-0123456789abcdef';
let site: SiteServer;
let other: TestApi;
beforeAll(async () => {
  site = await startAddressableSite('plugin-contract', { CREDITS_API_TOKEN: TOKEN });
  // One site: both apis share its database and its Redis keys (the rate limits, the license lookups' generation).
  other = await startTestApi({ env: { DATABASE_URL: site.databaseUrl, QUEUE_PREFIX: site.queuePrefix, CREDITS_API_TOKEN: TOKEN } });
}, 90_000);
afterAll(async () => {
  await other?.close();
  await site?.stop();
});

// Written from plugin-facts.md ("Credits usage, as the plugin reads it"), not from the site's contract.
const USAGE_KINDS = ['audio_transcription', 'embeddings', 'document_processing', 'agent_turn', 'request'] as const;
const num = z.number().finite();
const int = z.number().int();
const pluginUsageItem = z.strictObject({
  id: z.string().min(1),
  created_at: z.iso.datetime(),
  endpoint: z.string().min(1),
  usage_kind: z.enum(USAGE_KINDS),
  duration_seconds: num.min(0),
  total_tokens: int.min(0),
  input_tokens: int.min(0),
  output_tokens: int.min(0),
  cache_read_tokens: int.min(0),
  cache_write_tokens: int.min(0),
  page_count: int.min(0),
  credits_charged: int.min(0),
  included_delta: int,
  add_on_delta: int,
  total_delta: int,
  included_before: int.min(0),
  included_after: int.min(0),
  add_on_before: int.min(0),
  add_on_after: int.min(0),
  total_before: int.min(0),
  total_after: int.min(0),
  raw_usd: num.min(0),
  file_size_bytes: int.min(0).nullable(),
  file_format: z.string().nullable(),
  billing_formula_version: z.string().nullable(),
  billing_credits_per_usd: num.nullable(),
  billing_markup_multiplier: num.nullable(),
  billing_credits_exact: num.nullable(),
});
const pluginUsagePage = z.strictObject({ items: z.array(pluginUsageItem), next_before: z.string().min(1).nullable() });
type PluginUsageItem = z.output<typeof pluginUsageItem>;

const pluginHeaders = (key: string) => ({
  'x-license-key': key,
  'x-plugin-version': '6.3.0',
  'x-systemsculpt-admission-contract': 'admission-v1',
  'X-SystemSculpt-Client': 'obsidian-plugin',
});
const usage = (key: string, query: string) =>
  fetch(`${site.url}/api/plugin/credits/usage${query}`, { headers: pluginHeaders(key) }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as unknown,
  }));
const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

async function licensed(email: string, seats = 1): Promise<{ cookie: string; key: string; licenseId: string; checkoutUrl: string }> {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: seats }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses.length === 1,
  );
  return { cookie, key: data.result.licenses[0].key, licenseId: data.result.licenses[0].licenseId, checkoutUrl: started.result.url };
}

function debit(body: Record<string, unknown>) {
  return fetch(`${site.url}/api/internal/credits/debit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
}

/** Every page from the newest, following next_before, as the plugin does. */
async function allPages(key: string, query: string, limit: number): Promise<PluginUsageItem[][]> {
  const pages: PluginUsageItem[][] = [];
  let before: string | null = null;
  do {
    const answer = await usage(key, `?limit=${limit}${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    expect(answer.status).toBe(200);
    const page = pluginUsagePage.parse(answer.body);
    pages.push(page.items);
    before = page.next_before;
    if (pages.length > 50) throw new Error('next_before never ran out');
  } while (before);
  return pages;
}

const errorEnvelope = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string().min(1),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  }),
});

describe('GET /api/plugin/credits/usage, read as the plugin reads it', () => {
  let owner: { cookie: string; key: string; licenseId: string };
  const endpoints = ['/api/v1/chat', '/api/v1/embeddings', '/api/v1/audio', '/api/v1/chat', '/api/v1/documents'];
  const kinds = ['agent_turn', 'embeddings', 'audio_transcription', 'request', 'document_processing'];

  beforeAll(async () => {
    owner = await licensed('contract-usage@example.com');
    await callFn(site.url, 'initiateCheckout', { resourceId: 'credits-100k', quantity: 1 }, { cookie: owner.cookie }).then((s) =>
      chooseOnHostedCheckout(s.result.url, 'pay'),
    );
    await eventually(
      () => readBalance(site.url, owner.key),
      (b) => 'addOnRemaining' in b.reading && b.reading.addOnRemaining === 100_000,
    );
    // The third debit outruns the included credits, so one entry draws on both.
    const credits = [40_000, 50_000, 70_000, 5_000, 1_000];
    for (const [i, endpoint] of endpoints.entries()) {
      const measures =
        i === 2
          ? {
              duration_seconds: 61.5,
              raw_usd: 0.0123,
              file_size_bytes: 480_000,
              file_format: 'm4a',
              billing_formula_version: 'v3',
              billing_credits_per_usd: 1_000,
              billing_markup_multiplier: 1.25,
              billing_credits_exact: 69_999.6,
            }
          : i === 0
            ? { total_tokens: 1_500, input_tokens: 1_000, output_tokens: 400, cache_read_tokens: 80, cache_write_tokens: 20 }
            : undefined;
      const answer = await debit({
        request_id: randomUUID(),
        license_key: owner.key,
        endpoint,
        usage_kind: kinds[i],
        credits: credits[i],
        ...(measures ? { measures } : {}),
      });
      expect(answer.status).toBe(200);
    }
    await eventually(
      () => usage(owner.key, '?limit=100'),
      (a) => (a.body as { items?: unknown[] }).items?.length === endpoints.length,
    );
  }, 60_000);

  it('answers { items, next_before }, each item exactly the fields the plugin reads, with balances that add up and chain', async () => {
    const answer = await usage(owner.key, '?limit=100');
    const page = pluginUsagePage.parse(answer.body);
    expect(page.next_before).toBeNull();
    const items = page.items;
    // Newest first.
    expect(items.map((i) => i.endpoint)).toEqual([...endpoints].reverse());
    expect(items.map((i) => i.credits_charged)).toEqual([1_000, 5_000, 70_000, 50_000, 40_000]);
    for (const item of items) {
      expect(item.included_after).toBe(item.included_before + item.included_delta);
      expect(item.add_on_after).toBe(item.add_on_before + item.add_on_delta);
      expect(item.total_before).toBe(item.included_before + item.add_on_before);
      expect(item.total_after).toBe(item.included_after + item.add_on_after);
      expect(item.total_delta).toBe(item.included_delta + item.add_on_delta);
      expect(item.total_delta).toBe(-item.credits_charged);
    }
    // Each entry starts where the one before it (the next in the list) left off.
    for (let i = 0; i < items.length - 1; i += 1)
      expect([items[i]!.included_before, items[i]!.add_on_before]).toEqual([items[i + 1]!.included_after, items[i + 1]!.add_on_after]);
    const oldest = items.at(-1)!;
    expect(oldest).toMatchObject({
      included_before: 150_000,
      add_on_before: 100_000,
      total_before: 250_000,
      total_tokens: 1_500,
      input_tokens: 1_000,
      output_tokens: 400,
      cache_read_tokens: 80,
      cache_write_tokens: 20,
      file_size_bytes: null,
      billing_formula_version: null,
    });
    expect(items[2]).toMatchObject({
      included_before: 60_000,
      included_delta: -60_000,
      add_on_delta: -10_000,
      add_on_after: 90_000,
      duration_seconds: 61.5,
      raw_usd: 0.0123,
      file_size_bytes: 480_000,
      file_format: 'm4a',
      billing_formula_version: 'v3',
      billing_credits_per_usd: 1_000,
      billing_markup_multiplier: 1.25,
      billing_credits_exact: 69_999.6,
    });
    expect(items[0]).toMatchObject({ total_after: 84_000, total_tokens: 0, duration_seconds: 0, raw_usd: 0, file_format: null });
    const balance = await readBalance(site.url, owner.key);
    expect(balance.reading).toMatchObject({ totalRemaining: items[0]!.total_after });
  });

  it.each([1, 2, 3])('pages of %i walk every entry once, newest first, and the last page says next_before: null', async (limit) => {
    const pages = await allPages(owner.key, '', limit);
    const ids = pages.flat().map((i) => i.id);
    expect(ids).toHaveLength(endpoints.length);
    expect(new Set(ids).size).toBe(endpoints.length);
    expect(pages.every((p, n) => p.length === (n < pages.length - 1 ? limit : p.length) && p.length > 0)).toBe(true);
    const times = pages.flat().map((i) => Date.parse(i.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a repeated endpoint filters on any of them; one endpoint on that one only', async () => {
    const both = await allPages(owner.key, '&endpoint=%2Fapi%2Fv1%2Fchat&endpoint=%2Fapi%2Fv1%2Faudio', 2);
    expect(both.flat().map((i) => i.endpoint)).toEqual(['/api/v1/chat', '/api/v1/audio', '/api/v1/chat']);
    const chat = await allPages(owner.key, '&endpoint=%2Fapi%2Fv1%2Fchat', 1);
    expect(chat.flat().map((i) => i.credits_charged)).toEqual([5_000, 40_000]);
    const none = pluginUsagePage.parse((await usage(owner.key, '?endpoint=%2Fapi%2Fv1%2Fimages&endpoint=')).body);
    expect(none).toEqual({ items: [], next_before: null });
  });

  const hostile: Array<[string, string, string]> = [
    ['endpoint NUL', '?endpoint=%00', 'endpoint'],
    ['endpoint NUL among good ones', '?endpoint=%2Fapi%2Fv1%2Fchat&endpoint=a%00b', 'endpoint'],
    ['endpoint control character', '?endpoint=%2Fapi%01chat', 'endpoint'],
    ['endpoint DEL', '?endpoint=%7F', 'endpoint'],
    ['endpoint too long', `?endpoint=${'e'.repeat(121)}`, 'endpoint'],
    ['21 endpoints', `?${Array.from({ length: 21 }, (_, i) => `endpoint=e${i}`).join('&')}`, 'endpoint'],
    ['limit 0', '?limit=0', 'limit'],
    ['limit negative', '?limit=-5', 'limit'],
    ['limit not a number', '?limit=ten', 'limit'],
    ['limit NUL', '?limit=%00', 'limit'],
    ['limit fractional', '?limit=2.5', 'limit'],
    ['limit beyond any number', `?limit=1${'0'.repeat(400)}`, 'limit'],
    ['limit repeated', '?limit=1&limit=2', 'limit'],
    ['before NUL', '?before=%00', 'before'],
    ['before SQL', `?before=${encodeURIComponent("use_' or '1'='1")}`, 'before'],
    ['before another shape', '?before=ent_123', 'before'],
    ['before repeated', `?before=use_${'0'.repeat(24)}&before=use_${'1'.repeat(24)}`, 'before'],
  ];

  it.each(hostile)('%s: a 400 in the error envelope naming the parameter, and nothing changes', async (_name, query, parameter) => {
    const answer = await usage(owner.key, query);
    expect(answer.status).toBe(400);
    const body = errorEnvelope.parse(answer.body);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues?.map((issue) => issue.path[0])).toContain(parameter);
    expect(JSON.stringify(answer.body)).not.toContain(owner.key);
    expect(pluginUsagePage.parse((await usage(owner.key, '?limit=100')).body).items).toHaveLength(endpoints.length);
  });

  it('the plugin may ask for any positive number of entries: a page is at most 100', async () => {
    const answer = await usage(owner.key, '?limit=100000');
    expect(answer.status).toBe(200);
    expect(pluginUsagePage.parse(answer.body).items).toHaveLength(endpoints.length);
  });

  it('the AI service reporting a NUL or a lone surrogate endpoint gets a 400 and debits nothing', async () => {
    for (const endpoint of ['\u0000', '/api/\u0000chat', '/api/\ud800']) {
      const answer = await debit({ request_id: randomUUID(), license_key: owner.key, endpoint, usage_kind: 'request', credits: 10 });
      expect(answer.status).toBe(400);
      expect(errorEnvelope.parse(answer.body).error.code).toBe('VALIDATION_FAILED');
    }
    expect(pluginUsagePage.parse((await usage(owner.key, '?limit=100')).body).items).toHaveLength(endpoints.length);
  });
});

describe('a key taken back is refused by every api process at once', () => {
  const processes = () => [
    { name: 'the site (which made the change)', url: site.url },
    { name: 'another api process', url: other.url },
  ];
  let listener: Client;
  beforeAll(async () => {
    // Listening before anything is remembered: an api remembers keys only while it hears changes.
    await other.app.get(LicenseChanges).start();
    expect(other.app.get(LicenseChanges).listening).toBe(true);
    listener = new Client({ connectionString: site.databaseUrl });
    await listener.connect();
  });
  afterAll(() => listener?.end());

  /**
   * Resolves when the other api has heard every license change committed so far: notifications
   * reach a listener in commit order, so one sent now is heard after them.
   */
  async function otherHasHeardEverything(): Promise<void> {
    const marker = `marker-${randomUUID()}`;
    const heard = heardBy(other, marker);
    await listener.query('select pg_notify($1, $2)', [LICENSE_CHANGES_CHANNEL, marker]);
    await heard;
  }

  function heardBy(api: TestApi, licenseId: string): Promise<number> {
    return new Promise((resolve) => {
      const off = api.app.get(LicenseChanges).onChange((changed) => {
        if (changed !== licenseId) return;
        off();
        resolve(performance.now());
      });
    });
  }

  async function allowedEverywhere(key: string): Promise<void> {
    // Twice each: the second answer may come from the api's memory of the first.
    for (const { url } of processes()) for (let i = 0; i < 2; i += 1) expect((await validateLicense(url, key)).reading).toMatchObject({ code: 'allowed' });
  }

  async function refusedEverywhere(key: string): Promise<void> {
    for (const { name, url } of processes()) {
      const { status, reading } = await validateLicense(url, key);
      expect({ name, status, reading }).toMatchObject({ name, status: 403, reading: { code: 'license_rejected', reason: 'revoked' } });
      const credits = await readBalance(url, key);
      expect({ name, status: credits.status }).toEqual({ name, status: 403 });
    }
  }

  it('a removed seat: refused by both apis as soon as removeSeat returns', async () => {
    const owner = await licensed('contract-seats@example.com', 2);
    expect((await callFn(site.url, 'assignSeat', { licenseId: owner.licenseId, email: 'contract-holder@example.com' }, { cookie: owner.cookie })).status).toBe(
      200,
    );
    const holder = await signUpOverHttp(site, 'contract-holder@example.com');
    const seatKey = (
      await eventually(
        () => dashboard(holder),
        (d) => d.result?.sharedSeats.length === 1,
      )
    ).result.sharedSeats[0].key as string;
    await allowedEverywhere(seatKey);
    await otherHasHeardEverything();

    const heard = heardBy(other, owner.licenseId);
    const removed = await callFn(site.url, 'removeSeat', { licenseId: owner.licenseId, email: 'contract-holder@example.com' }, { cookie: owner.cookie });
    const returnedAt = performance.now();
    expect(removed.result).toEqual({ removed: true });
    await refusedEverywhere(seatKey);
    const heardAt = await heard;
    console.info(`the other api heard the seat's removal ${(heardAt - returnedAt).toFixed(1)} ms after removeSeat returned`);
    await allowedEverywhere(owner.key);
  });

  it('a rotated key: the old key refused by both processes when rotateLicenseKey returns, the new one allowed by both', async () => {
    const owner = await licensed('contract-rotation@example.com');
    await allowedEverywhere(owner.key);
    await otherHasHeardEverything();

    const heard = heardBy(other, owner.licenseId);
    const rotated = await callFn(site.url, 'rotateLicenseKey', { licenseId: owner.licenseId }, { cookie: owner.cookie });
    expect(rotated.result).toMatchObject({ rotated: true });
    await refusedEverywhere(owner.key);
    await heard;
    const newKey = (await dashboard(owner.cookie)).result.licenses[0].key as string;
    expect(newKey).not.toBe(owner.key);
    await allowedEverywhere(newKey);
  });

  it("a refunded license, revoked by the worker from Stripe's event: refused by the other api as soon as it hears the projector", async () => {
    const owner = await licensed('contract-refund@example.com');
    await allowedEverywhere(owner.key);
    await otherHasHeardEverything();

    const heard = heardBy(other, owner.licenseId);
    const stripe = emulatorStripe(site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(owner.checkoutUrl).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    await heard;
    const { status, reading } = await validateLicense(other.url, owner.key);
    expect({ status, reading }).toMatchObject({ status: 403, reading: { code: 'license_rejected', reason: 'revoked' } });
  });

  it('an api that is not hearing changes remembers nothing: each check reads the license afresh', async () => {
    const owner = await licensed('contract-deaf@example.com', 2);
    const deaf = await startTestApi({ env: { DATABASE_URL: site.databaseUrl } });
    try {
      const changes = deaf.app.get(LicenseChanges);
      await changes.stop();
      expect(changes.listening).toBe(false);
      await callFn(site.url, 'assignSeat', { licenseId: owner.licenseId, email: 'contract-deaf-holder@example.com' }, { cookie: owner.cookie });
      const holder = await signUpOverHttp(site, 'contract-deaf-holder@example.com');
      const seatKey = (
        await eventually(
          () => dashboard(holder),
          (d) => d.result?.sharedSeats.length === 1,
        )
      ).result.sharedSeats[0].key as string;
      for (let i = 0; i < 2; i += 1) expect((await validateLicense(deaf.url, seatKey)).reading).toMatchObject({ code: 'allowed' });
      await callFn(site.url, 'removeSeat', { licenseId: owner.licenseId, email: 'contract-deaf-holder@example.com' }, { cookie: owner.cookie });
      expect((await validateLicense(deaf.url, seatKey)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked' });
    } finally {
      await deaf.close();
    }
  });
});
