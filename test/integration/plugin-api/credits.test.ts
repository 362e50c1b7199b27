import { randomUUID } from 'node:crypto';
import { emulatorStripe } from '../../support/emulator-client';
import { readBalance, readUsage, type BalanceReading } from '../../support/plugin-credits-decoder';
import { decodeAdmission } from '../../support/plugin-admission-decoder';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const TOKEN = 'credits-token-for-tests-0123456789abcdef';
let site: SiteServer;
beforeAll(async () => {
  site = await startAddressableSite('credits', { CREDITS_API_TOKEN: TOKEN });
}, 90_000);
afterAll(() => site?.stop());

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

async function pay(cookie: string, resourceId: string, quantity = 1): Promise<string> {
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  return started.result.url as string;
}

async function licensed(email: string): Promise<{ cookie: string; key: string }> {
  const cookie = await signUpOverHttp(site, email);
  await pay(cookie, 'lifetime-license');
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses.length === 1,
  );
  return { cookie, key: data.result.licenses[0].key };
}

async function balance(key: string): Promise<BalanceReading> {
  const { reading } = await readBalance(site.url, key);
  if ('unusable' in reading) throw new Error(`the plugin cannot read the balance: ${reading.unusable}`);
  return reading;
}

function debit(body: Record<string, unknown>, token: string | null = TOKEN) {
  return fetch(`${site.url}/api/internal/credits/debit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

describe('the credit ledger, read as the plugin reads it', () => {
  it('a lifetime license has its monthly included credits; a credit pack adds add-on credits, seen at once', async () => {
    const owner = await licensed('credits-owner@example.com');
    const fresh = await balance(owner.key);
    expect(fresh).toMatchObject({
      includedRemaining: 150_000,
      addOnRemaining: 0,
      totalRemaining: 150_000,
      includedPerMonth: 150_000,
      purchaseUrl: '/resources?category=api_credits',
      warnsLow: false,
    });
    expect(Date.parse(fresh.cycleEndsAt)).toBeGreaterThan(Date.now());

    await pay(owner.cookie, 'credits-100k', 2);
    const grown = await eventually(
      () => balance(owner.key),
      (b) => b.addOnRemaining > 0,
    );
    expect(grown).toMatchObject({ addOnRemaining: 200_000, totalRemaining: 350_000 });
  });

  it('refuses a missing key as the validation does, and a malformed usage query with its issues', async () => {
    const res = await fetch(`${site.url}/api/plugin/credits/balance`);
    expect(res.status).toBe(401);
    expect(decodeAdmission(401, await res.json())).toMatchObject({ kind: 'answer', code: 'license_required' });
    const owner = await licensed('credits-query@example.com');
    const bad = await readUsage(site.url, owner.key, '?limit=0&before=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string[] }) => i.path.join('.')).sort()).toEqual(['before', 'limit']);
  });

  it('debits are authenticated, validated, idempotent by request id, and page through as usage', async () => {
    const owner = await licensed('credits-debits@example.com');
    const usage = { request_id: randomUUID(), license_key: owner.key, endpoint: '/api/v1/chat', usage_kind: 'agent_turn', credits: 1_200 };
    expect((await debit(usage, null)).status).toBe(401);
    expect((await debit(usage, 'x'.repeat(TOKEN.length))).status).toBe(401);
    const invalid = await debit({ ...usage, credits: -5, usage_kind: 'mining' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.issues.map((i: { path: string[] }) => i.path.join('.')).sort()).toEqual(['credits', 'usage_kind']);

    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await debit(usage));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.status)).toEqual(['debited', 'already_recorded', 'already_recorded', 'already_recorded', 'already_recorded']);
    expect(answers[0]!.body).toMatchObject({ included_remaining: 148_800, add_on_remaining: 0, total_remaining: 148_800 });
    await eventually(
      () => balance(owner.key),
      (b) => b.includedRemaining === 148_800,
    );

    for (const [endpoint, kind] of [
      ['/api/v1/embeddings', 'embeddings'],
      ['/api/v1/audio', 'audio_transcription'],
      ['/api/v1/chat', 'agent_turn'],
    ] as const) {
      expect((await debit({ ...usage, request_id: randomUUID(), endpoint, usage_kind: kind, credits: 100 })).body.status).toBe('debited');
    }
    await eventually(
      () => readUsage(site.url, owner.key),
      (page) => page.body.items?.length === 4,
    );
    const first = await readUsage(site.url, owner.key, '?limit=3');
    expect(first.body.items.map((e: { endpoint: string }) => e.endpoint)).toEqual(['/api/v1/chat', '/api/v1/audio', '/api/v1/embeddings']);
    const second = await readUsage(site.url, owner.key, `?limit=3&before=${first.body.next_before}`);
    expect(second.body).toMatchObject({
      items: [
        {
          endpoint: '/api/v1/chat',
          usage_kind: 'agent_turn',
          credits_charged: 1_200,
          included_before: 150_000,
          included_delta: -1_200,
          included_after: 148_800,
          add_on_delta: 0,
          total_before: 150_000,
          total_after: 148_800,
        },
      ],
      next_before: null,
    });
    const chats = await readUsage(site.url, owner.key, '?endpoint=%2Fapi%2Fv1%2Fchat');
    expect(chats.body.items.map((e: { credits_charged: number }) => e.credits_charged)).toEqual([100, 1_200]);
  });

  it('concurrent debits never take a balance below zero', async () => {
    const owner = await licensed('credits-race@example.com');
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () =>
        debit({ request_id: randomUUID(), license_key: owner.key, endpoint: '/api/v1/chat', usage_kind: 'request', credits: 4_000 }),
      ),
    );
    const debited = attempts.filter((a) => a.status === 200);
    const refused = attempts.filter((a) => a.status === 402);
    expect(debited).toHaveLength(37);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body).toMatchObject({ error: { code: 'insufficient_credits' } });
    const after = await eventually(
      () => balance(owner.key),
      (b) => b.includedRemaining === 2_000,
    );
    expect(after.totalRemaining).toBe(2_000);
  });

  it('a refunded pack loses what is left of it; spent credits stay spent', async () => {
    const owner = await licensed('credits-refund@example.com');
    const checkoutUrl = await pay(owner.cookie, 'credits-100k');
    await eventually(
      () => balance(owner.key),
      (b) => b.addOnRemaining === 100_000,
    );
    expect(
      (await debit({ request_id: randomUUID(), license_key: owner.key, endpoint: '/api/v1/chat', usage_kind: 'agent_turn', credits: 160_000 })).body,
    ).toMatchObject({ included_remaining: 0, add_on_remaining: 90_000 });
    const stripe = emulatorStripe(site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(checkoutUrl).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    const after = await eventually(
      () => balance(owner.key),
      (b) => b.addOnRemaining === 0,
    );
    expect(after).toMatchObject({ includedRemaining: 0, totalRemaining: 0, warnsLow: true });
    expect((await debit({ request_id: randomUUID(), license_key: owner.key, endpoint: '/api/v1/chat', usage_kind: 'agent_turn', credits: 1 })).status).toBe(
      402,
    );
  });
});
