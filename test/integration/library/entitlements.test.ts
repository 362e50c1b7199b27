import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CatalogQueries } from '../../../backend/src/modules/catalog/catalog.queries';
import { LibraryQueries } from '../../../backend/src/modules/library';
import { testOrm } from '../events/support/orm';

let orm: MikroORM;
let queries: LibraryQueries;
let catalog: CatalogQueries;
beforeAll(async () => {
  orm = await testOrm();
  catalog = new CatalogQueries(orm);
  queries = new LibraryQueries(orm, catalog, {
    version: 1,
    resources: {
      'mastering-the-chat-workspace': {
        files: [],
        lessons: [
          { slug: '01-a', title: 'A', minutes: 5, summary: 'A lesson.', path: 'lessons/x/01-a.html' },
          { slug: '02-b', title: 'B', minutes: 5, summary: 'A lesson.', path: 'lessons/x/02-b.html' },
        ],
      },
    },
  });
});
afterAll(() => orm?.close(true));

const sql = (query: string, params: unknown[]) => orm.em.getConnection().execute(query, params);
const account = () => ({ userId: `user_${randomUUID()}`, email: `${randomUUID()}@example.com` });
const resource = async (id: string) => (await catalog.findByIdOrSlug(id))!;

async function grant(userId: string, resourceId: string, source: 'purchase' | 'free', revoked = false) {
  await sql(
    'insert into rm_resource_access (user_id, resource_id, source_ref, source, granted_at, revoked_at, revoked_reason) values (?, ?, ?, ?, now(), ?, ?)',
    [userId, resourceId, `ref-${randomUUID()}`, source, revoked ? new Date() : null, revoked ? 'refund' : null],
  );
}

async function plan(userId: string, status: 'active' | 'past_due' | 'ended' | 'revoked', seatFor?: string) {
  const licenseId = `lic_${randomUUID()}`;
  await sql(
    `insert into rm_licenses (license_id, user_id, resource_id, plan, kind, status, key_sealed, key_hash, key_hint, seats, devices_per_seat, included_credits_per_month, granted_at)
     values (?, ?, 'lifetime-license', 'lifetime', 'lifetime', ?, 'sealed', ?, 'hint', 3, 3, 1000, now())`,
    [licenseId, userId, status, randomUUID()],
  );
  if (seatFor)
    await sql("insert into rm_seats (license_id, email, seat_key_sealed, seat_key_hash, seat_key_hint, added_at) values (?, ?, 'sealed', ?, 'hint', now())", [
      licenseId,
      seatFor,
      randomUUID(),
    ]);
}

describe('entitlements read from the account read models', () => {
  it('purchase: a paid template opens for its buyer, and closes when the purchase is refunded', async () => {
    const buyer = account();
    await grant(buyer.userId, 'meeting-notes-system', 'purchase');
    expect(await queries.entitlement(buyer, await resource('meeting-notes-system'))).toEqual({ entitled: true, source: 'purchase' });
    const refunded = account();
    await grant(refunded.userId, 'meeting-notes-system', 'purchase', true);
    expect(await queries.entitlement(refunded, await resource('meeting-notes-system'))).toEqual({ entitled: false, reason: 'refunded' });
  });

  it('free: a free template opens once added, not before', async () => {
    const reader = account();
    expect(await queries.entitlement(reader, await resource('zettelkasten-starter-templates'))).toEqual({ entitled: false, reason: 'not_owned' });
    await grant(reader.userId, 'zettelkasten-starter-templates', 'free');
    expect(await queries.entitlement(reader, await resource('zettelkasten-starter-templates'))).toEqual({ entitled: true, source: 'free' });
  });

  it('subscription: an included resource opens while the account holds an active plan, and closes when it ends', async () => {
    const subscriber = account();
    await plan(subscriber.userId, 'active');
    expect(await queries.entitlement(subscriber, await resource('project-dashboard-templates'))).toEqual({ entitled: true, source: 'subscription' });
    expect(await queries.entitlement(subscriber, await resource('meeting-notes-system'))).toEqual({ entitled: false, reason: 'not_owned' });
    expect(await queries.canOpen(subscriber, 'project-dashboard-templates')).toBe(true);
    expect(await queries.canOpen(subscriber, 'meeting-notes-system')).toBe(false);
    expect(await queries.canOpen(subscriber, 'no-such-resource')).toBe(false);
    const lapsed = account();
    await plan(lapsed.userId, 'ended');
    expect(await queries.entitlement(lapsed, await resource('project-dashboard-templates'))).toEqual({ entitled: false, reason: 'plan_ended' });
  });

  it("seat: an included resource opens for a seat on someone else's active plan, matched by address in any case", async () => {
    const owner = account();
    const holder = account();
    await plan(owner.userId, 'active', holder.email);
    expect(await queries.entitlement({ ...holder, email: holder.email.toUpperCase() }, await resource('project-dashboard-templates'))).toEqual({
      entitled: true,
      source: 'seat',
    });
    const ended = account();
    await plan(account().userId, 'revoked', ended.email);
    expect(await queries.entitlement(ended, await resource('project-dashboard-templates'))).toEqual({ entitled: false, reason: 'plan_ended' });
  });

  it('the library lists what each source opens, with its kind, and nothing else', async () => {
    const customer = account();
    await grant(customer.userId, 'mastering-the-chat-workspace', 'purchase');
    await grant(customer.userId, 'zettelkasten-starter-templates', 'free');
    await grant(customer.userId, 'setup-session-30', 'purchase');
    await grant(customer.userId, 'lifetime-license', 'purchase');
    await plan(customer.userId, 'active');
    const items = await queries.library(customer);
    expect(items.map((i) => [i.resource.id, i.access, i.kind, i.lessonCount]).sort()).toEqual([
      ['mastering-the-chat-workspace', 'purchase', 'course', 2],
      ['project-dashboard-templates', 'subscription', 'files', 0],
      ['setup-session-30', 'purchase', 'session', 0],
      ['zettelkasten-starter-templates', 'free', 'files', 0],
    ]);
    expect(await queries.library(account())).toEqual([]);
  });
});
