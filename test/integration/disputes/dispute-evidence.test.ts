import { randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { libraryFixture, type LibraryFixture } from '../../support/library-fixture';
import { pdfText } from '../../support/pdf-text';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const ADMIN_TOKEN = 'disputes-admin-token-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_disputes_test_0123456789';
const EMAIL = 'disputer@example.com';

let site: SiteServer;
let fixture: LibraryFixture;
let stripe: Stripe;
let pool: Pool;
let admin: string;

beforeAll(async () => {
  fixture = await libraryFixture([
    { resourceId: 'meeting-notes-system', name: 'meeting-notes-system.zip', contentType: 'application/zip', bytes: randomBytes(2048) },
  ]);
  site = await startAddressableSite('disputes', {
    ADMIN_TOKEN,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LIBRARY_DIST: fixture.dir,
    STORAGE_DIR: fixture.storageDir,
  });
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  const session = await fetch(`${site.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token: ADMIN_TOKEN }), redirect: 'manual' });
  admin = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
  await fixture?.remove();
});

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

/** Pays for a resource on the hosted checkout; the Checkout Session's id. */
async function buy(cookie: string, resourceId: string): Promise<string> {
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  return new URL(started.result.url).pathname.split('/').pop()!;
}

/** The Stripe events the site's webhook log kept for this object, by type. */
const logged = async (type: string, objectId: string) =>
  (
    await pool.query<{ stripe_event_id: string; payload: Record<string, unknown>; outcome: string | null }>(
      `select stripe_event_id, payload, outcome from stripe_webhook_events where type = $1 and payload->'data'->'object'->>'id' = $2 order by received_at`,
      [type, objectId],
    )
  ).rows;

/** Posts a Stripe event to the site's webhook endpoint, signed as the emulator signs its deliveries. */
async function deliver(event: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return (await fetch(`${site.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }))
    .status;
}

describe('a disputed lifetime license, from the chargeback to the evidence Stripe holds', () => {
  it('assembles the evidence the log holds once, and submits it, reviewed, through Stripe', async () => {
    const cookie = await signUpOverHttp(site, EMAIL, 'Dee Sputer');
    const sessionId = await buy(cookie, 'lifetime-license');
    await buy(cookie, 'meeting-notes-system');
    const owned = await eventually(
      () => dashboard(cookie),
      (d) => d.result?.licenses.length === 1 && d.result.purchases.length === 2,
    );
    const { key } = owned.result.licenses[0];

    // The account's use: plugin checks from two devices, a library download, the purchase emails.
    for (const device of ['Work laptop', 'Home desktop'])
      expect(
        (await validateLicense(site.url, key, { 'x-systemsculpt-device-id': `vault-${randomUUID()}`, 'x-systemsculpt-device-name': device })).reading,
      ).toMatchObject({
        code: 'allowed',
      });
    const link = await callFn(site.url, 'createDownloadLink', { resourceId: 'meeting-notes-system', fileName: 'meeting-notes-system.zip' }, { cookie });
    expect((await fetch(`${site.url}${link.result.url}`, { headers: { cookie } })).status).toBe(200);
    await eventually(
      () => pool.query('select 1 from rm_library_downloads where file_name = $1', ['meeting-notes-system.zip']),
      (r) => r.rowCount === 1,
    );
    await eventually(
      () => pool.query<{ kind: string }>("select kind from email_deliveries where to_address = $1 and kind in ('license-key', 'purchase-receipt')", [EMAIL]),
      (r) => r.rows.some((row) => row.kind === 'license-key') && r.rows.filter((row) => row.kind === 'purchase-receipt').length === 2,
    );
    await eventually(
      () => pool.query('select 1 from rm_license_devices'),
      (r) => r.rowCount === 2,
    );

    // The cardholder disputes the license's charge: the emulator sends charge.dispute.created, signed.
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    const disputed = await fetch(`${site.url}/_stripe/dev/charges/${String(intent.latest_charge)}/dispute`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    const disputeId = ((await disputed.json()) as { dispute: { id: string } }).dispute.id;

    const listed = await eventually(
      () => callFn(site.url, 'adminListDisputes', {}, { cookie: admin, method: 'GET' }),
      (a) => a.result?.disputes.some((d: { disputeId: string; customerEmail: string | null }) => d.disputeId === disputeId && d.customerEmail !== null),
    );
    expect(listed.result.disputes).toEqual([
      expect.objectContaining({ disputeId, amountCents: 19_900, currency: 'usd', reason: 'fraudulent', status: 'needs_response', customerEmail: EMAIL }),
    ]);

    const { result } = await callFn(site.url, 'adminGetDispute', { disputeId }, { cookie: admin, method: 'GET' });
    expect(result.facts).toMatchObject({
      purchase: { resourceId: 'lifetime-license', amountCents: 19_900, checkoutRef: expect.any(String) },
      customer: { email: EMAIL },
      checks: { count: 2 },
      downloads: [expect.objectContaining({ fileName: 'meeting-notes-system.zip', downloads: 1 })],
      refundPolicyAccepted: false,
    });
    expect(result.facts.devices.map((d: { name: string }) => d.name).sort()).toEqual(['Home desktop', 'Work laptop']);
    expect(result.facts.emails.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['license-key', 'purchase-receipt']));
    const evidence = result.evidence as Record<string, string>;
    expect(evidence.customer_email_address).toBe(EMAIL);
    expect(evidence.product_description).toContain('Lifetime license');
    expect(evidence.access_activity_log).toContain('2 plugin license checks');
    expect(evidence.access_activity_log).toContain('Work laptop activated');
    expect(evidence.access_activity_log).toContain('meeting-notes-system.zip');
    expect(evidence.uncategorized_text).toContain('license-key');
    expect(evidence.refund_policy_disclosure).toContain('does not record that the customer accepted it');

    // Retries: the same event redelivered, and another event for the same dispute, assemble nothing more.
    const [created] = await eventually(
      () => logged('charge.dispute.created', disputeId),
      (rows) => rows[0]?.outcome === 'handled',
    );
    expect(await deliver(created!.payload)).toBe(200);
    const copyId = `evt_${randomUUID().replaceAll('-', '')}`;
    expect(await deliver({ ...created!.payload, id: copyId })).toBe(200);
    await eventually(
      () => pool.query<{ outcome: string | null }>('select outcome from stripe_webhook_events where stripe_event_id = $1', [copyId]),
      (r) => r.rows[0]?.outcome === 'handled',
    );
    const recorded = await pool.query<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`dispute-${disputeId}`]);
    expect(recorded.rows.map((r) => r.type)).toEqual(['DisputeOpened', 'DisputeEvidenceAssembled']);

    // The owner edits a field and submits: Stripe (the emulator) holds that evidence, and the dispute shows submitted.
    const reviewed = { ...evidence, uncategorized_text: `${evidence.uncategorized_text}\nReviewed by the owner.` };
    const customerCannot = await callFn(site.url, 'adminSubmitDisputeEvidence', { disputeId, evidence: reviewed }, { cookie });
    expect(customerCannot.status).toBe(403);
    const submitted = await callFn(site.url, 'adminSubmitDisputeEvidence', { disputeId, evidence: reviewed }, { cookie: admin });
    expect(submitted.result).toEqual({ status: 'submitted' });
    const again = await callFn(site.url, 'adminSubmitDisputeEvidence', { disputeId, evidence: reviewed }, { cookie: admin });
    expect(again.result).toEqual({ status: 'submitted' });
    const atStripe = await stripe.disputes.retrieve(disputeId);
    expect(atStripe.status).toBe('under_review');
    expect(atStripe.evidence_details.submission_count).toBe(1);
    // Stripe keeps an empty field as unset (null), as the SDK sends it.
    expect(atStripe.evidence).toMatchObject(Object.fromEntries(Object.entries(reviewed).map(([field, value]) => [field, value || null])));
    expect(atStripe.evidence.uncategorized_text).toContain('Reviewed by the owner.');
    const changed = await callFn(site.url, 'adminSubmitDisputeEvidence', { disputeId, evidence: { ...reviewed, customer_name: 'Someone' } }, { cookie: admin });
    expect(changed.error?.code).toBe('disputes.already_submitted');
    const shown = await eventually(
      () => callFn(site.url, 'adminGetDispute', { disputeId }, { cookie: admin, method: 'GET' }),
      (a) => a.result?.dispute.status === 'submitted',
    );
    expect(shown.result.evidence).toEqual(reviewed);
    const types = await pool.query<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`dispute-${disputeId}`]);
    expect(types.rows.map((r) => r.type)).toEqual(['DisputeOpened', 'DisputeEvidenceAssembled', 'DisputeEvidenceSubmitted']);
    // The audit log has the submission (and the refused change) with the owner who sent it: the admin token here.
    const audited = await eventually(
      () => callFn(site.url, 'getSupportAudit', { kind: 'adminSubmitDisputeEvidence' }, { cookie: admin, method: 'GET' }),
      (a) => a.result?.entries.filter((entry: { target: string }) => entry.target === disputeId).length === 3,
    );
    expect(audited.result.entries.map((entry: { status: string; code: string | null; actor: unknown }) => [entry.status, entry.code, entry.actor])).toEqual([
      ['failed', 'disputes.already_submitted', { id: 'admin-token', role: 'owner' }],
      ['succeeded', null, { id: 'admin-token', role: 'owner' }],
      ['succeeded', null, { id: 'admin-token', role: 'owner' }],
    ]);

    // The printable evidence, for admins only.
    const document = await fetch(`${site.url}/admin/disputes/${disputeId}/evidence.html`, { headers: { cookie: admin } });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-disposition')).toBe(`attachment; filename="${disputeId}-evidence.html"`);
    const text = await document.text();
    expect(text).toContain('Reviewed by the owner.');
    expect(text).toContain('Home desktop');
    expect((await fetch(`${site.url}/admin/disputes/${disputeId}/evidence.html`, { headers: { cookie } })).status).toBe(403);

    // The same evidence as a PDF: downloaded by admins only, never cached, with the dispute, the fields and the facts in its text.
    const pdfResponse = await fetch(`${site.url}/admin/disputes/${disputeId}/evidence.pdf`, { headers: { cookie: admin } });
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    expect(pdfResponse.headers.get('content-disposition')).toBe(`attachment; filename="${disputeId}-evidence.pdf"`);
    expect(pdfResponse.headers.get('cache-control')).toBe('private, no-store');
    const pdf = Buffer.from(await pdfResponse.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfLines = pdfText(pdf);
    for (const fact of [
      `Dispute evidence: ${disputeId}`,
      '199.00 USD',
      'fraudulent',
      EMAIL,
      'Reviewed by the owner.',
      'Home desktop',
      'Work laptop',
      'meeting-notes-system.zip',
      'license-key',
    ])
      expect(pdfLines).toContain(fact);
    expect(pdfLines).toMatch(/Page 1 of \d+/);
    const customerRefused = await fetch(`${site.url}/admin/disputes/${disputeId}/evidence.pdf`, { headers: { cookie } });
    expect(customerRefused.status).toBe(403);
    expect(((await customerRefused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    const missing = await fetch(`${site.url}/admin/disputes/dp_nothing_here/evidence.pdf`, { headers: { cookie: admin } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'disputes.no_evidence', message: 'No evidence for that dispute.' } });
    expect((await fetch(`${site.url}/admin/disputes/${encodeURIComponent('dp_"x\r\n')}/evidence.pdf`, { headers: { cookie: admin } })).status).toBe(404);
  }, 120_000);
});

describe('the emulator’s POST /v1/disputes/{id}', () => {
  it('refuses an evidence field Stripe does not have, and a file field without a File id', async () => {
    const [row] = await pool.query<{ dispute_id: string }>('select dispute_id from rm_disputes limit 1').then((r) => r.rows);
    const disputeId = row?.dispute_id ?? 'dp_missing';
    await expect(stripe.disputes.update(disputeId, { evidence: { made_up_field: 'x' } as Stripe.DisputeUpdateParams.Evidence })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('evidence[made_up_field]'),
    });
    await expect(stripe.disputes.update(disputeId, { evidence: { receipt: 'not-a-file' } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'evidence[receipt]',
    });
    await expect(stripe.disputes.update('dp_missing', { evidence: { customer_name: 'x' } })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});
