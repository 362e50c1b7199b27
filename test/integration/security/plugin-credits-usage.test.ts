import { randomUUID } from 'node:crypto';
import { readBalance } from '../../support/plugin-credits-decoder';
import { errorEnvelope, pluginUsagePage, type PluginUsageItem } from '../../support/plugin-usage-decoder';
import { callFn, chooseOnHostedCheckout, eventually } from '../../support/site-client';
import { CREDITS_API_TOKEN, usePluginContractSite } from './support/plugin-contract-site';

/** The plugin's usage contract, held to what the plugin reads (plugin-facts.md), on entries the AI service debited. */
const harness = usePluginContractSite('plugin-credits-usage');
const { licensed } = harness;

const pluginHeaders = (key: string) => ({
  'x-license-key': key,
  'x-plugin-version': '6.3.0',
  'x-systemsculpt-admission-contract': 'admission-v1',
  'X-SystemSculpt-Client': 'obsidian-plugin',
});
const usage = (key: string, query: string) =>
  fetch(`${harness.site.url}/api/plugin/credits/usage${query}`, { headers: pluginHeaders(key) }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as unknown,
  }));

function debit(body: Record<string, unknown>) {
  return fetch(`${harness.site.url}/api/internal/credits/debit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${CREDITS_API_TOKEN}` },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
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

describe('a license with five debits, its usage read as the plugin reads GET /api/plugin/credits/usage', () => {
  let owner: { cookie: string; key: string; licenseId: string };
  const endpoints = ['/api/v1/chat', '/api/v1/embeddings', '/api/v1/audio', '/api/v1/chat', '/api/v1/documents'];
  const kinds = ['agent_turn', 'embeddings', 'audio_transcription', 'request', 'document_processing'];
  // Sent with the audio debit, and read back field for field.
  const audioMeasures = {
    duration_seconds: 61.5,
    raw_usd: 0.0123,
    file_size_bytes: 480_000,
    file_format: 'm4a',
    billing_formula_version: 'v3',
    billing_credits_per_usd: 1_000,
    billing_markup_multiplier: 1.25,
    billing_credits_exact: 69_999.6,
  };

  beforeAll(async () => {
    owner = await licensed('contract-usage@example.com');
    await callFn(harness.site.url, 'initiateCheckout', { resourceId: 'credits-100k', quantity: 1 }, { cookie: owner.cookie }).then((s) =>
      chooseOnHostedCheckout(s.result.url, 'pay'),
    );
    await eventually(
      () => readBalance(harness.site.url, owner.key),
      (b) => 'addOnRemaining' in b.reading && b.reading.addOnRemaining === 100_000,
    );
    // The third debit outruns the included credits, so one entry draws on both.
    const credits = [40_000, 50_000, 70_000, 5_000, 1_000];
    for (const [i, endpoint] of endpoints.entries()) {
      const measures =
        i === 2
          ? audioMeasures
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
      ...audioMeasures,
    });
    expect(items[0]).toMatchObject({ total_after: 84_000, total_tokens: 0, duration_seconds: 0, raw_usd: 0, file_format: null });
    const balance = await readBalance(harness.site.url, owner.key);
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
