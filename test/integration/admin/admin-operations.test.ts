import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { serverFnContracts } from '../../../contracts';
import { EVIDENCE_FIELDS } from '../../../contracts/disputes/disputes.contract';
import type { SiteServer } from '../../support/site-server';
import { adminSession, callFn, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';

/**
 * Admin operations over HTTP, as the console sends them: each declared role refused before any
 * input is read (support on every owner operation, a customer on every admin one), and each
 * operation that changes something in /admin/audit with who really ran it and how it ended.
 */
const ADMIN_CONTRACTS = join(__dirname, '..', '..', '..', 'contracts', 'admin');
const ADMIN_TOKEN = 'integration-admin-operations-token-0123';
const SUPPORT = `support-ops-${randomUUID().slice(0, 8)}@example.com`;
const OWNER = `owner-ops-${randomUUID().slice(0, 8)}@example.com`;
const CUSTOMER = `customer-ops-${randomUUID().slice(0, 8)}@example.com`;
let site: SiteServer;
let pool: Pool;
let tokenCookie: string;
let supportCookie: string;
let ownerCookie: string;
let customerCookie: string;
let supportId: string;
let ownerId: string;

beforeAll(async () => {
  site = await startAddressableSite('admin-operations', { ADMIN_TOKEN, LOCAL_SUPPORT_EMAILS: SUPPORT, LOCAL_ADMIN_EMAILS: OWNER });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  tokenCookie = await adminSession(site.url, ADMIN_TOKEN);
  supportCookie = await signUpOverHttp(site, SUPPORT, 'Sam Support');
  ownerCookie = await signUpOverHttp(site, OWNER, 'Olive Owner');
  customerCookie = await signUpOverHttp(site, CUSTOMER, 'Cleo Customer');
  supportId = await userIdOf(SUPPORT);
  ownerId = await userIdOf(OWNER);
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const userIdOf = async (email: string) => (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [email])).rows[0]!.id;
const blankEvidence = () => Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, '']));
const operationsBy = async (actorId: string) =>
  (await pool.query<{ data: any }>(`select data from events where type = 'AdminOperationPerformed' and data->'actor'->>'id' = $1`, [actorId])).rows;
const upload = (cookie: string, fields: { resourceId: string; fileName: string }) => {
  const form = new FormData();
  form.set('resourceId', fields.resourceId);
  form.set('fileName', fields.fileName);
  form.set('file', new Blob([new Uint8Array(Buffer.from('# replaced\n'))]), 'upload.md');
  return fetch(`${site.url}/admin/library/upload`, { method: 'POST', body: form, headers: { cookie, origin: site.url }, redirect: 'manual' });
};
const problemOf = (answer: Response) => new URL(answer.headers.get('location') ?? '/', site.url).searchParams.get('problem');
const auditEntries = async (input: Record<string, unknown> = {}) => {
  const answer = await callFn(site.url, 'getSupportAudit', input, { cookie: supportCookie, method: 'GET' });
  if (answer.status !== 200) throw new Error(`getSupportAudit answered ${answer.status}: ${JSON.stringify(answer.error)}`);
  return answer.result.entries as any[];
};

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the admin contracts are found on disk, so they are loaded by path
const adminContracts = readdirSync(ADMIN_CONTRACTS).flatMap((file) => Object.values(require(join(ADMIN_CONTRACTS, file)) as Record<string, unknown>));
const ADMIN_CONTRACT_IDS = new Set(serverFnContracts.filter((contract) => adminContracts.includes(contract)).map((contract) => contract.id));

const OWNER_OPERATIONS: Array<{ id: string; input: Record<string, unknown> }> = [
  { id: 'adminStartReplay', input: { projector: 'CustomerDirectoryProjector' } },
  { id: 'adminRedriveStripeEvent', input: { stripeEventId: 'evt_support_should_not' } },
  { id: 'adminSubmitDisputeEvidence', input: { disputeId: 'dp_support_should_not', evidence: blankEvidence() } },
  { id: 'adminCloseTaxQuarter', input: { quarter: '2020-Q1' } },
  { id: 'adminEndPromotion', input: { promotionId: 'SUPPORT-SHOULD-NOT' } },
];

describe('a support account on an owner operation', () => {
  it.each(OWNER_OPERATIONS)('$id is refused with admin.owner_only, and nothing runs or is recorded', async ({ id, input }) => {
    const answer = await callFn(site.url, id, input, { cookie: supportCookie });
    expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 403, code: 'admin.owner_only' });
    expect(await operationsBy(supportId)).toEqual([]);
  });

  it.each(OWNER_OPERATIONS)('$id refuses support before reading the input: no 400 tells what exists', async ({ id }) => {
    for (const input of [{}, { projector: 'NoSuchProjector' }, { stripeEventId: 'not-an-id' }, { disputeId: 42 }]) {
      const answer = await callFn(site.url, id, input, { cookie: supportCookie });
      expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 403, code: 'admin.owner_only' });
    }
  });

  it('replacing a library file customers download is refused (owner_only), and nothing is published or recorded', async () => {
    const answer = await upload(supportCookie, { resourceId: 'anything', fileName: 'anything.md' });
    expect(answer.status).toBe(303);
    expect(problemOf(answer)).toBe('owner_only');
    expect(
      await pool.query(`select 1 from events where type = 'ResourceFileVersionPublished' and metadata->'actor'->>'userId' = $1`, [supportId]),
    ).toMatchObject({
      rowCount: 0,
    });
    expect(await operationsBy(supportId)).toEqual([]);
  });

  it('still reads what support may read (the declared support role)', async () => {
    expect((await callFn(site.url, 'adminGetProjectors', {}, { cookie: supportCookie, method: 'GET' })).status).toBe(200);
    expect((await callFn(site.url, 'getAdminViewer', {}, { cookie: supportCookie, method: 'GET' })).result).toEqual({ id: supportId, role: 'support' });
  });
});

describe('someone who is not an admin', () => {
  const adminFunctions = serverFnContracts.filter((contract) => /^admin[A-Z]/.test(contract.id) || ADMIN_CONTRACT_IDS.has(contract.id));

  it('are all of them (every admin contract)', () => {
    expect(adminFunctions.length).toBeGreaterThanOrEqual(19);
  });

  it.each(adminFunctions.map((contract) => [contract.id, contract.method] as const))(
    '%s answers 403 FORBIDDEN whatever the input, signed in or not',
    async (id, method) => {
      for (const cookie of [customerCookie, undefined]) {
        const answer = await callFn(site.url, id, { bogus: '\u0000' }, { cookie, method });
        expect({ id, status: answer.status, code: answer.error?.code }).toEqual({ id, status: 403, code: 'FORBIDDEN' });
      }
    },
  );

  it('downloading dispute evidence gets 403 in the error envelope; an admin asking for a missing one gets 404 in it', async () => {
    const refused = await fetch(`${site.url}/admin/disputes/dp_anything/evidence.pdf`, { headers: { cookie: customerCookie } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    const missing = await fetch(`${site.url}/admin/disputes/dp_nothing_here/evidence.html`, { headers: { cookie: supportCookie } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'disputes.no_evidence', message: 'No evidence for that dispute.' } });
  });
});

describe('the audit log of admin operations', () => {
  it('records a replay with the owner who started it, on the replay’s own event too', async () => {
    const started = await callFn(site.url, 'adminStartReplay', { projector: 'CustomerDirectoryProjector' }, { cookie: ownerCookie });
    expect(started.status).toBe(200);
    const { replayId } = started.result as { replayId: string };
    const requested = await pool.query<{ metadata: any }>(`select metadata from events where stream_id = $1 and type = 'ReplayRequested'`, [
      `replay-${replayId}`,
    ]);
    expect(requested.rows[0]!.metadata.actor).toEqual({ kind: 'admin', userId: ownerId });
    const entries = await eventually(
      () => auditEntries({ kind: 'adminStartReplay' }),
      (list) => list.some((entry) => entry.outcome === `Replay ${replayId} queued`),
    );
    expect(entries.find((entry) => entry.outcome === `Replay ${replayId} queued`)).toEqual({
      source: 'admin_operation',
      actionId: expect.any(String),
      position: expect.stringMatching(/^\d+$/),
      kind: 'adminStartReplay',
      target: 'CustomerDirectoryProjector',
      actor: { id: ownerId, role: 'owner' },
      reason: null,
      status: 'succeeded',
      outcome: `Replay ${replayId} queued`,
      code: null,
      recordedAt: expect.any(String),
    });
  });

  it('records a refused redrive, evidence for an unknown dispute and an unknown projector as failed, with the code answered', async () => {
    const redrive = await callFn(site.url, 'adminRedriveStripeEvent', { stripeEventId: 'evt_never_received_ops' }, { cookie: ownerCookie });
    expect(redrive.status).toBe(404);
    const evidence = await callFn(site.url, 'adminSubmitDisputeEvidence', { disputeId: 'dp_unknown_ops', evidence: blankEvidence() }, { cookie: tokenCookie });
    expect(evidence.error?.code).toBe('disputes.not_found');
    const replay = await callFn(site.url, 'adminStartReplay', { projector: 'NoSuchProjector' }, { cookie: ownerCookie });
    expect(replay.error?.code).toBe('admin.unknown_projector');

    const entries = await eventually(
      () => auditEntries(),
      (list) => ['evt_never_received_ops', 'dp_unknown_ops', 'NoSuchProjector'].every((target) => list.some((entry) => entry.target === target)),
    );
    const byTarget = (target: string) => entries.find((entry) => entry.target === target);
    expect(byTarget('evt_never_received_ops')).toMatchObject({
      kind: 'adminRedriveStripeEvent',
      actor: { id: ownerId, role: 'owner' },
      status: 'failed',
      code: redrive.error?.code,
    });
    expect(byTarget('dp_unknown_ops')).toMatchObject({
      kind: 'adminSubmitDisputeEvidence',
      actor: { id: 'admin-token', role: 'owner' },
      status: 'failed',
      code: 'disputes.not_found',
    });
    expect(byTarget('NoSuchProjector')).toMatchObject({ kind: 'adminStartReplay', status: 'failed', code: 'admin.unknown_projector' });
  });

  it('records an owner’s upload, refused or not, under the owner who sent it', async () => {
    const answer = await upload(ownerCookie, { resourceId: 'no-such-resource', fileName: 'nothing.md' });
    expect(problemOf(answer)).toBe('unknown_file');
    const entries = await eventually(
      () => auditEntries({ kind: 'uploadLibraryFile', actor: ownerId }),
      (list) => list.length > 0,
    );
    expect(entries[0]).toMatchObject({
      kind: 'uploadLibraryFile',
      target: 'no-such-resource/nothing.md',
      actor: { id: ownerId, role: 'owner' },
      status: 'failed',
      code: 'upload.unknown_file',
    });
  });

  it('lists support actions beside admin operations, newest first, and filters by actor across both', async () => {
    const actionId = randomUUID();
    const customerId = await userIdOf(CUSTOMER);
    const granted = await callFn(
      site.url,
      'takeSupportAction',
      { actionId, kind: 'grant_credits', userId: customerId, reason: 'Goodwill', details: { credits: 5 } },
      { cookie: ownerCookie },
    );
    expect(granted.result?.status).toBe('done');
    const entries = await eventually(
      () => auditEntries({ actor: ownerId }),
      (list) => list.some((entry) => entry.actionId === actionId),
    );
    expect(entries.find((entry) => entry.actionId === actionId)).toMatchObject({ source: 'support_action', kind: 'grant_credits', reason: 'Goodwill' });
    expect(new Set(entries.map((entry) => entry.source))).toEqual(new Set(['support_action', 'admin_operation']));
    expect(entries.every((entry) => entry.actor.id === ownerId)).toBe(true);
    const positions = entries.map((entry) => BigInt(entry.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });
});
