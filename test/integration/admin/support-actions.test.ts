import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { SiteServer } from '../../support/site-server';
import { callFn, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';

/**
 * Support actions over HTTP, as the account page sends them: each recorded once as
 * SupportActionRecorded with its actor and reason, what it causes caused by that event, support
 * refused what only an owner may do, and the audit log listing them all.
 */
const ADMIN_TOKEN = 'integration-support-actions-token-0123';
const SUPPORT = 'support-desk@example.com';
const OWNER = 'owner-desk@example.com';
const CAPPED = 'capped-desk@example.com';
const RACING = 'racing-desk@example.com';
let site: SiteServer;
let pool: Pool;
let tokenCookie: string;
let supportCookie: string;
let ownerCookie: string;
let supportId: string;
let ownerId: string;
let customerId: string;

beforeAll(async () => {
  site = await startAddressableSite('support-actions', { ADMIN_TOKEN, LOCAL_SUPPORT_EMAILS: [SUPPORT, CAPPED, RACING].join(','), LOCAL_ADMIN_EMAILS: OWNER });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  const response = await fetch(`${site.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token: ADMIN_TOKEN }), redirect: 'manual' });
  tokenCookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  supportCookie = await signUpOverHttp(site, SUPPORT, 'Sam Support');
  ownerCookie = await signUpOverHttp(site, OWNER, 'Olive Owner');
  await signUpOverHttp(site, 'customer-of-support@example.com', 'Cleo Customer');
  supportId = await userIdOf(SUPPORT);
  ownerId = await userIdOf(OWNER);
  customerId = await userIdOf('customer-of-support@example.com');
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const userIdOf = async (email: string) => (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email])).rows[0]!.id;
const act = (cookie: string, input: Record<string, unknown>) => callFn(site.url, 'takeSupportAction', input, { cookie });
const audit = (cookie: string, input: Record<string, unknown> = {}) => callFn(site.url, 'getSupportAudit', input, { cookie, method: 'GET' });
const eventsOf = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows;

describe('a support admin granting credits', () => {
  const actionId = randomUUID();
  const input = () => ({ actionId, kind: 'grant_credits', userId: customerId, reason: 'Goodwill after the outage', details: { credits: 200 } });

  it('records the action once however often it is sent, and answers the same', async () => {
    const first = await act(supportCookie, input());
    expect(first.status).toBe(200);
    expect(first.result).toEqual({ actionId, kind: 'grant_credits', status: 'done', outcome: 'Granted 200 credits', repeated: false });
    const again = await act(supportCookie, input());
    expect(again.result).toEqual({ ...first.result, repeated: true });
    const stream = await eventsOf('select type from events where stream_id = $1 order by stream_version', [`support-action-${actionId}`]);
    expect(stream.map((e) => e.type)).toEqual(['SupportActionRecorded', 'SupportActionCompleted']);
    const recorded = await eventsOf(`select position::text, data, metadata from events where stream_id = $1 and type = 'SupportActionRecorded'`, [
      `support-action-${actionId}`,
    ]);
    expect(recorded[0].data).toEqual(
      expect.objectContaining({ kind: 'grant_credits', userId: customerId, actor: { id: supportId, role: 'support' }, reason: 'Goodwill after the outage' }),
    );
    expect(recorded[0].metadata).toEqual(expect.objectContaining({ causationId: null, actor: { kind: 'admin', userId: supportId } }));

    const caused = await eventsOf(`select type, metadata from events where stream_id = $1 and metadata->>'causationId' = $2`, [
      `credits-${customerId}`,
      `event:${recorded[0].position}`,
    ]);
    expect(caused).toHaveLength(1);
    expect(caused[0].metadata.actor).toEqual({ kind: 'admin', userId: supportId });
  });

  it('refuses more than the support limit, and records nothing', async () => {
    const over = { actionId: randomUUID(), kind: 'grant_credits', userId: customerId, reason: 'Big goodwill', details: { credits: 501 } };
    const answer = await act(supportCookie, over);
    expect(answer.status).toBe(403);
    expect(answer.error?.code).toBe('admin.grant_limit');
    expect(await eventsOf('select 1 from events where stream_id = $1', [`support-action-${over.actionId}`])).toHaveLength(0);
  });
});

describe('a support admin’s credit grants in one UTC day', () => {
  // A customer of their own: the audit log's tests below count the first customer's actions.
  let goodwillCustomer: string;
  beforeAll(async () => {
    await signUpOverHttp(site, 'goodwill-customer@example.com', 'Gus Goodwill');
    goodwillCustomer = await userIdOf('goodwill-customer@example.com');
  });
  const grant = (credits: number) => ({ actionId: randomUUID(), kind: 'grant_credits', userId: goodwillCustomer, reason: 'Goodwill', details: { credits } });
  const packs = (actionIds: string[]) =>
    eventsOf('select credits::int from rm_credit_packs where pack_id = any($1::text[])', [actionIds.map((id) => `support-${id}`)]);

  it('stop at 2,000 credits, refused with what is left today; an owner has no daily cap', async () => {
    const capped = await signUpOverHttp(site, CAPPED, 'Cam Capped');
    const done: string[] = [];
    for (const credits of [500, 500, 500, 200]) {
      const input = grant(credits);
      expect((await act(capped, input)).result?.status).toBe('done');
      done.push(input.actionId);
    }
    const over = grant(400);
    const refused = await act(capped, over);
    expect([refused.status, refused.error?.code]).toEqual([403, 'admin.daily_grant_limit']);
    expect(refused.error?.message).toBe(
      'Support can grant up to 2,000 credits a day; you have 300 left today (the day ends at midnight UTC). Ask an owner for more.',
    );
    expect(await eventsOf('select 1 from events where stream_id = $1', [`support-action-${over.actionId}`])).toHaveLength(0);
    const last = grant(300);
    expect((await act(capped, last)).result?.status).toBe('done');
    done.push(last.actionId);
    expect((await act(capped, last)).result).toMatchObject({ status: 'done', repeated: true });
    expect((await act(capped, grant(1))).error?.message).toMatch(/you have none left today/);
    expect((await packs(done)).reduce((sum, p) => sum + p.credits, 0)).toBe(2_000);
    expect((await act(ownerCookie, grant(3_000))).result?.status).toBe('done');
  });

  it('hold when grants are sent at once: counted one after another on the admin’s own stream', async () => {
    const racing = await signUpOverHttp(site, RACING, 'Rae Racing');
    const inputs = Array.from({ length: 6 }, () => grant(500));
    const answers = await Promise.all(inputs.map((input) => act(racing, input)));
    const outcomes = answers.map((a) => a.result?.status ?? a.error?.code);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'admin.daily_grant_limit')).toHaveLength(2);
    expect((await packs(inputs.map((i) => i.actionId))).reduce((sum, p) => sum + p.credits, 0)).toBe(2_000);
    const day = new Date().toISOString().slice(0, 10);
    const counted = await eventsOf(`select data from events where stream_id = $1 and type = 'SupportCreditGrantRecorded'`, [
      `support-credit-grants-${await userIdOf(RACING)}-${day}`,
    ]);
    expect(counted.map((e) => e.data.credits)).toEqual([500, 500, 500, 500]);
  });
});

describe('a support admin asking for an owner action', () => {
  it('is refused with admin.owner_only, and nothing is recorded', async () => {
    const revoke = { actionId: randomUUID(), kind: 'revoke_resource', userId: customerId, reason: 'Abuse', details: { resourceId: 'lifetime-license' } };
    const answer = await act(supportCookie, revoke);
    expect(answer.status).toBe(403);
    expect(answer.error?.code).toBe('admin.owner_only');
    expect(await eventsOf('select 1 from events where stream_id = $1', [`support-action-${revoke.actionId}`])).toHaveLength(0);
  });
});

describe('support sending the id of an owner’s action', () => {
  it('is refused: what support may not do does not run again for support', async () => {
    const grant = {
      actionId: randomUUID(),
      kind: 'grant_credits',
      userId: customerId,
      reason: 'Refund in credits, agreed by the owner',
      details: { credits: 1500 },
    };
    expect((await act(ownerCookie, grant)).result?.status).toBe('done');
    expect((await act(supportCookie, grant)).error?.code).toBe('admin.grant_limit');
  });
});

describe('an owner granting, then revoking, a resource', () => {
  it('puts it on the account and takes it off, each caused by its action', async () => {
    const resourceId = (await pool.query<{ id: string }>(`select id from resources where price_cents > 0 order by id limit 1`)).rows[0]!.id;
    const grant = { actionId: randomUUID(), kind: 'grant_resource', userId: customerId, reason: 'Course for a speaker', details: { resourceId } };
    expect((await act(ownerCookie, grant)).result).toEqual(expect.objectContaining({ status: 'done' }));
    const access = () => eventsOf('select revoked_at from rm_resource_access where user_id = $1 and resource_id = $2', [customerId, resourceId]);
    expect(await access()).toEqual([{ revoked_at: null }]);

    const revoke = { actionId: randomUUID(), kind: 'revoke_resource', userId: customerId, reason: 'Granted by mistake', details: { resourceId } };
    expect((await act(ownerCookie, revoke)).result).toEqual(expect.objectContaining({ status: 'done', outcome: `Revoked ${resourceId}` }));
    expect(await access()).toEqual([{ revoked_at: expect.any(Date) }]);
    const revoked = await eventsOf(`select metadata from events where type = 'ResourceAccessRevoked' and data->>'userId' = $1`, [customerId]);
    const recorded = await eventsOf("select position::text from events where stream_id = $1 and type = 'SupportActionRecorded'", [
      `support-action-${revoke.actionId}`,
    ]);
    expect(revoked.map((r) => r.metadata.causationId)).toEqual([`event:${recorded[0].position}`]);
  });

  it('refuses a resource that does not exist with a 404, and a hostile id with a 400', async () => {
    const missing = await act(ownerCookie, {
      actionId: randomUUID(),
      kind: 'grant_resource',
      userId: customerId,
      reason: 'x',
      details: { resourceId: 'no-such-thing' },
    });
    expect([missing.status, missing.error?.code]).toEqual([404, 'admin.action_target_not_found']);
    const hostile = await act(ownerCookie, {
      actionId: 'not-a-uuid',
      kind: 'grant_resource',
      userId: customerId,
      reason: '',
      details: { resourceId: "'; drop" },
    });
    expect([hostile.status, hostile.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('the audit log', () => {
  it('lists the actions newest first with actor and reason, filtered by kind and by actor', async () => {
    const page = await eventually(
      async () => (await audit(tokenCookie, { userId: customerId })).result,
      (r) => r?.entries.length >= 3,
    );
    const positions = page.entries.map((e: { position: string }) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((a: bigint, b: bigint) => (a > b ? -1 : 1)));
    expect(page.entries.at(-1)).toEqual(
      expect.objectContaining({ kind: 'grant_credits', actor: { id: supportId, role: 'support' }, reason: 'Goodwill after the outage', status: 'done' }),
    );
    expect(page.actors).toEqual(
      expect.arrayContaining([
        { id: supportId, role: 'support' },
        { id: ownerId, role: 'owner' },
      ]),
    );

    const bySupport = (await audit(supportCookie, { actor: supportId })).result;
    expect(bySupport.entries.map((e: { kind: string }) => e.kind)).toEqual(['grant_credits']);
    const grants = (await audit(tokenCookie, { kind: 'grant_resource' })).result;
    expect(grants.entries.every((e: { actor: { id: string } }) => e.actor.id === ownerId)).toBe(true);
  });

  it('renders at /admin/audit, each action linking to its customer', async () => {
    const page = await fetch(`${site.url}/admin/audit?actor=${encodeURIComponent(supportId)}`, { headers: { cookie: tokenCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Goodwill after the outage');
    expect(html).toContain(`/admin/customers/${customerId}`);
  });

  it('offers the actions on the account page, owner-only ones closed to support', async () => {
    const asSupport = await (await fetch(`${site.url}/admin/customers/${customerId}`, { headers: { cookie: supportCookie } })).text();
    expect(asSupport).toContain('Support actions');
    expect(asSupport).toContain('Only an owner can do this.');
    expect(asSupport).toContain('Up to 500 per action and 2,000 a day (UTC) for support');
    const asOwner = await (await fetch(`${site.url}/admin/customers/${customerId}`, { headers: { cookie: ownerCookie } })).text();
    expect(asOwner).not.toContain('Only an owner can do this.');
  });

  it('tells who is signed in', async () => {
    expect((await callFn(site.url, 'getAdminViewer', {}, { cookie: supportCookie, method: 'GET' })).result).toEqual({ id: supportId, role: 'support' });
    expect((await callFn(site.url, 'getAdminViewer', {}, { cookie: tokenCookie, method: 'GET' })).result).toEqual({ id: 'admin-token', role: 'owner' });
  });

  it('is closed to customers', async () => {
    const customer = await signUpOverHttp(site, 'nosy-customer@example.com');
    expect((await audit(customer)).status).toBe(403);
    expect((await act(customer, { actionId: randomUUID(), kind: 'grant_credits', userId: customerId, reason: 'me', details: { credits: 1 } })).status).toBe(
      403,
    );
  });

  it('shows each action in the customer timeline, under support', async () => {
    const timeline = (await callFn(site.url, 'getCustomerTimeline', { userId: customerId, kind: 'support' }, { cookie: tokenCookie, method: 'GET' })).result;
    const recorded = timeline.entries.filter((e: { type: string }) => e.type === 'SupportActionRecorded');
    expect(recorded).toHaveLength(4);
    expect(timeline.entries.filter((e: { type: string }) => e.type === 'SupportActionCompleted')).toHaveLength(4);
    expect(recorded.at(-1).summary).toMatch(/^Support action: grant credits by support .*200 credits, reason: Goodwill after the outage$/);
  });
});
