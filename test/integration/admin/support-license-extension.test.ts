import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type Stripe from 'stripe';
import type { CustomerEntitlement, Entitlement } from '../../../contracts/entitlements/entitlement-sources';
import { formatDay } from '../../../contracts/dates';
import { emulatorStripe } from '../../support/emulator-client';
import { validateLicense } from '../../support/plugin-admission-decoder';
import type { SiteServer } from '../../support/site-server';
import { adminSession, callFn, chooseOnHostedCheckout, eventually, getServerFn, signUpOverHttp, startAddressableSite } from '../../support/site-client';

/**
 * An owner extends a subscription's license, then the subscription goes on at the Stripe emulator,
 * each change reaching the site as Stripe's signed webhook: an update that repeats the old period
 * end, a renewal past the extension, a cancellation before the extension's end. After each, the
 * plugin's answer, "Where this comes from" (the admin's and the customer's) and the audit log agree.
 */
const ADMIN_TOKEN = 'integration-support-extension-token-01';
const DAY = 86_400_000;
let site: SiteServer;
let pool: Pool;
let stripe: Stripe;
let owner: string;
let customer: string;
let userId: string;
let subscriptionId: string;
let licenseId: string;
let key: string;
let extendedTo: string;

beforeAll(async () => {
  site = await startAddressableSite('support-extension', { ADMIN_TOKEN });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  stripe = emulatorStripe(site.url);
  owner = await adminSession(site.url, ADMIN_TOKEN);
  const email = `extended-${randomUUID().slice(0, 8)}@example.com`;
  customer = await signUpOverHttp(site, email);
  userId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email])).rows[0]!.id;
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'starter-monthly', quantity: 1 }, { cookie: customer });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  const dashboard = await eventually(
    () => callFn(site.url, 'getDashboardData', {}, { cookie: customer, method: 'GET' }),
    (d) => d.result?.licenses.length === 1,
    30_000,
  );
  ({ key, licenseId } = dashboard.result.licenses[0]);
  subscriptionId = (await license()).subscription_id;
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

async function license() {
  const { rows } = await pool.query<{ status: string; valid_until: Date; subscription_id: string }>(
    'select status, valid_until, subscription_id from rm_licenses where license_id = $1',
    [licenseId],
  );
  return rows[0]!;
}

const webhooks = async (type: string) =>
  (
    await pool.query<{ received: number; handled: number }>(
      `select count(*)::int as received, count(handled_at)::int as handled from stripe_webhook_events
        where type = $1 and payload->'data'->'object'->>'id' = $2`,
      [type, subscriptionId],
    )
  ).rows[0]!;

/** Does `change` at the emulator, then waits until the site has received and handled a new webhook of this type about the subscription. */
async function afterWebhook(type: string, change: () => Promise<unknown>): Promise<void> {
  const before = await webhooks(type);
  await change();
  await eventually(
    () => webhooks(type),
    (now) => now.received > before.received && now.handled === now.received,
    30_000,
  );
}

const extension = async (): Promise<Entitlement | undefined> => {
  const answer = await getServerFn(site.url, 'getEntitlementSources', { userId }, owner);
  return (answer.body.result.entitlements as Entitlement[]).find((e) => e.kind === 'extension');
};
const customersExtension = async (): Promise<CustomerEntitlement | undefined> => {
  const answer = await getServerFn(site.url, 'getMyEntitlementSources', {}, customer);
  return (answer.body.result.entitlements as CustomerEntitlement[]).find((e) => e.kind === 'extension');
};
/** The emulator's dev trigger, as its page's button sends it. */
async function trigger(what: 'renew' | 'cancel'): Promise<void> {
  const response = await fetch(`${site.url}/_stripe/dev/subscriptions/${subscriptionId}/${what}`, { method: 'POST', headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
}
const plugin = async () => (await validateLicense(site.url, key)).reading;

describe('a subscription license extended by an owner', () => {
  let actionId: string;

  it('is extended past the paid-through date, as its own source recorded with the action', async () => {
    const paidThrough = (await license()).valid_until;
    extendedTo = new Date(paidThrough.getTime() + 10 * DAY).toISOString().slice(0, 10) + 'T23:59:59.000Z';
    actionId = randomUUID();
    const answer = await callFn(
      site.url,
      'takeSupportAction',
      { actionId, kind: 'extend_license', userId, reason: 'Outage cost them two weeks', details: { licenseId, until: extendedTo } },
      { cookie: owner },
    );
    expect(answer.result).toMatchObject({ status: 'done', outcome: `License extended to ${formatDay(extendedTo)}` });
    expect(await license()).toMatchObject({ status: 'active', valid_until: new Date(extendedTo) });
    expect(await extension()).toMatchObject({
      id: `extension:${licenseId}`,
      source: { kind: 'admin', actionId, actorRole: 'owner', reason: 'Outage cost them two weeks' },
      ends: { state: 'active', at: extendedTo, by: 'period_end' },
    });
  });

  it('is not undone by customer.subscription.updated repeating the old period end', async () => {
    await afterWebhook('customer.subscription.updated', () =>
      stripe.subscriptions.update(subscriptionId, { metadata: { note: 'updated after the extension' } }),
    );
    // Handled, and nothing recorded on the license since the extension: the read model below cannot be lagging behind.
    const stream = await pool.query<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`license-${licenseId}`]);
    expect(stream.rows.map((e) => e.type).at(-1)).toBe('LicenseExtended');
    expect(await license()).toMatchObject({ status: 'active', valid_until: new Date(extendedTo) });
    expect(await extension()).toMatchObject({ ends: { state: 'active', at: extendedTo } });
    expect(await customersExtension()).toMatchObject({ source: { kind: 'support' }, ends: { state: 'active', at: extendedTo } });
    expect(await plugin()).toMatchObject({ code: 'allowed' });
    const audit = await getServerFn(site.url, 'getSupportAudit', { userId }, owner);
    expect(audit.body.result.entries).toEqual([
      expect.objectContaining({ actionId, kind: 'extend_license', status: 'done', outcome: `License extended to ${formatDay(extendedTo)}` }),
    ]);
  });

  it('gives way to a renewal past it: the later date stands', async () => {
    await afterWebhook('customer.subscription.updated', () => trigger('renew'));
    const periodEnd = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end * 1000;
    expect(periodEnd).toBeGreaterThan(Date.parse(extendedTo));
    const row = await eventually(license, (l) => l.valid_until.getTime() === periodEnd, 30_000);
    expect(row.status).toBe('active');
    expect(await extension()).toMatchObject({ ends: { state: 'active', at: extendedTo } });
  });

  it('refuses an extension to no later date than the one in force, recording nothing', async () => {
    const again = randomUUID();
    const answer = await callFn(
      site.url,
      'takeSupportAction',
      { actionId: again, kind: 'extend_license', userId, reason: 'Again', details: { licenseId, until: extendedTo } },
      { cookie: owner },
    );
    expect([answer.status, answer.error?.code]).toEqual([409, 'admin.extend_not_later']);
    expect((await pool.query('select 1 from events where stream_id = $1', [`support-action-${again}`])).rowCount).toBe(0);
  });

  it('holds to its end when the subscription is cancelled before then: the plugin still allows it', async () => {
    const later = new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10) + 'T23:59:59.000Z';
    const answer = await callFn(
      site.url,
      'takeSupportAction',
      { actionId: randomUUID(), kind: 'extend_license', userId, reason: 'Goodwill for a year', details: { licenseId, until: later } },
      { cookie: owner },
    );
    expect(answer.result?.status).toBe('done');
    await afterWebhook('customer.subscription.deleted', () => trigger('cancel'));
    const term = await eventually(
      () => pool.query<{ term_status: string }>('select term_status from rm_licenses where license_id = $1', [licenseId]),
      (r) => r.rows[0]!.term_status === 'ended',
      30_000,
    );
    expect(term.rows[0]!.term_status).toBe('ended');
    expect(await license()).toMatchObject({ status: 'active', valid_until: new Date(later) });
    expect(await eventually(plugin, (reading) => reading.kind === 'answer' && reading.code === 'allowed')).toMatchObject({ code: 'allowed' });
    const sources = (await getServerFn(site.url, 'getEntitlementSources', { userId }, owner)).body.result.entitlements as Entitlement[];
    expect(sources.find((e) => e.kind === 'plan')).toMatchObject({ ends: { state: 'ended', by: 'cancellation' } });
    expect(sources.find((e) => e.kind === 'extension')).toMatchObject({ ends: { state: 'active', at: later }, source: { reason: 'Goodwill for a year' } });
    expect(sources.find((e) => e.kind === 'included_credits')).toMatchObject({ ends: { state: 'active' } });
    expect(await customersExtension()).toMatchObject({ ends: { state: 'active', at: later } });
  });
});
