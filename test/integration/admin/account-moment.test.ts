import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { runCommand } from '../../../backend/src/events/command-runner';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { creditEvents, creditLedgerDecider } from '../../../backend/src/modules/credits';
import { writeAccountHistory } from '../../support/account-history-log';
import { metadata } from '../../support/test-events';
import { signInAdmin, startAddressableSite, type AdminConsole } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

/**
 * The account at a moment against the account page: a scripted history is run command by command
 * through the deciders into the site's log, the page's read models (getCustomerAccount) are read
 * after each step once its projector has passed it, and the fold at each step's position must
 * show what the page showed then, on every field both show.
 */
const ADMIN_TOKEN = 'integration-moment-admin-token-0123';
const SECTIONS = ['plan', 'licenses', 'credits', 'resources', 'purchases', 'bookings', 'pendingPayments'] as const;
let site: SiteServer;
let pool: Pool;
let admin: AdminConsole;

beforeAll(async () => {
  site = await startAddressableSite('account-moment', { ADMIN_TOKEN });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  admin = await signInAdmin(site.url, ADMIN_TOKEN);
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

/** The sections both views show, each list in one order (the page and the fold may order ties differently). */
function comparable(view: Record<string, any>) {
  const sorted = (list: Record<string, any>[], key: string) => [...list].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
  const picked = Object.fromEntries(SECTIONS.map((section) => [section, view[section]]));
  return {
    ...picked,
    licenses: sorted(view.licenses, 'licenseId').map((l) => ({ ...l, seatHolders: sorted(l.seatHolders, 'email'), devices: sorted(l.devices, 'activatedAt') })),
    resources: sorted(view.resources, 'resourceId'),
    purchases: sorted(view.purchases, 'checkoutRef'),
    bookings: sorted(view.bookings, 'bookingId'),
    pendingPayments: sorted(view.pendingPayments, 'id'),
  };
}

describe('an account with a scripted history', () => {
  const userId = `user_moment_${randomUUID().slice(0, 8)}`;
  const steps: { label: string; position: string; page: Record<string, any> }[] = [];

  beforeAll(async () => {
    await writeAccountHistory(pool, userId, async (label, position) => {
      steps.push({ label, position, page: await admin.result('getCustomerAccount', { userId }) });
    });
  }, 120_000);

  it('the account-at-a-moment fold equals the read models at that position, after every step', async () => {
    expect(steps.length).toBeGreaterThan(10);
    // Every step shows on the page: no comparison below is of two pages that never changed.
    expect(new Set(steps.map((step) => JSON.stringify(comparable(step.page)))).size).toBe(steps.length);
    for (const step of steps) {
      const moment = await admin.result('getAccountAtMoment', { userId, position: step.position });
      expect({ step: step.label, view: comparable(moment.then) }).toEqual({ step: step.label, view: comparable(step.page) });
      expect(moment.position).toBe(step.position);
    }
  });

  it('folds to the end for now, as the page shows it now', async () => {
    const final = steps.at(-1)!;
    const moment = await admin.result('getAccountAtMoment', { userId, position: steps[0]!.position });
    expect(comparable(moment.now)).toEqual(comparable(await admin.result('getCustomerAccount', { userId })));
    expect(comparable(moment.now)).toEqual(comparable(final.page));
    expect(moment.eventsThen).toBeLessThan(moment.eventsNow);
  });

  it('says what changed since, readably: what was added, taken away and changed', async () => {
    const paid = steps.find((s) => s.label === 'the purchase paid')!;
    const { changes } = await admin.result('getAccountAtMoment', { userId, position: paid.position });
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'licenses', change: 'added', subject: 'team license ····AB12' }),
        expect.objectContaining({
          section: 'purchases',
          change: 'changed',
          fields: expect.arrayContaining([{ field: 'status', then: 'paid', now: 'refunded' }]),
        }),
        expect.objectContaining({ section: 'resources', change: 'removed', subject: 'Access to course-moment' }),
        expect.objectContaining({ section: 'bookings', change: 'added' }),
      ]),
    );
    const latest = await admin.result('getAccountAtMoment', { userId, position: steps.at(-1)!.position });
    expect(latest.changes).toEqual([]);
  });

  it('takes a time instead of a position: everything recorded up to then', async () => {
    const { rows } = await pool.query<{ recorded_at: Date }>('select recorded_at from events where position = $1', [steps[2]!.position]);
    const at = new Date(rows[0]!.recorded_at.getTime() + 1).toISOString();
    const moment = await admin.result('getAccountAtMoment', { userId, at });
    expect(BigInt(moment.position)).toBeGreaterThanOrEqual(BigInt(steps[2]!.position));
    expect(BigInt(moment.position)).toBeLessThan(BigInt(steps[3]!.position));
    expect(comparable(moment.then)).toEqual(comparable(steps[2]!.page));
  });

  it('reads the account again once an event is added to it, however often it was looked at before', async () => {
    const before = await admin.result('getAccountAtMoment', { userId, position: steps[1]!.position });
    expect(await admin.result('getAccountAtMoment', { userId, position: steps[1]!.position })).toEqual(before);
    const store = new EventStore(pool, new EventRegistry().register(...creditEvents));
    const at = new Date().toISOString();
    await runCommand({
      store,
      streamId: `credits-${userId}`,
      decider: creditLedgerDecider,
      command: { type: 'AddCreditPack', userId, packId: `late-${userId}`, resourceId: 'credits-1k', title: '1,000 credits', credits: 1_000, at },
      metadata: metadata(),
    });
    const after = await admin.result('getAccountAtMoment', { userId, position: steps[1]!.position });
    expect(after.eventsNow).toBe(before.eventsNow + 1);
    expect(after.now.credits.packs).toBe(before.now.credits.packs + 1_000);
    expect(after.then).toEqual(before.then);
  });

  it('shows an account before its first event as empty', async () => {
    const moment = await admin.result('getAccountAtMoment', { userId, position: '1' });
    expect(moment).toEqual(expect.objectContaining({ position: null, eventsThen: 0 }));
    expect(moment.then).toEqual(expect.objectContaining({ plan: null, licenses: [], purchases: [], credits: { included: 0, packs: 0, balance: 0 } }));
  });
});

describe('hostile input', () => {
  it.each([
    ['neither a position nor a time', { userId: 'user_1' }],
    ['both a position and a time', { userId: 'user_1', position: '5', at: '2026-11-01T00:00:00Z' }],
    ['a position that is no number', { userId: 'user_1', position: '1; drop table events' }],
    ['a position past bigint', { userId: 'user_1', position: '9'.repeat(30) }],
    ['a time that is no time', { userId: 'user_1', at: 'yesterday' }],
    ['a NUL in the user id', { userId: 'user\u0000x', position: '1' }],
    ['an unknown field', { userId: 'user_1', position: '1', sql: 'x' }],
  ])('refuses %s with a 400 envelope', async (_what, payload) => {
    const answer = await admin.call('getAccountAtMoment', payload);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});

describe('someone who is not an administrator', () => {
  it('gets 403, with no cookie or a forged one', async () => {
    expect((await admin.call('getAccountAtMoment', { userId: 'user_1', position: '1' }, null)).status).toBe(403);
    expect((await admin.call('getAccountAtMoment', { userId: 'user_1', position: '1' }, 'sculpt_admin=forged')).status).toBe(403);
  });
});
