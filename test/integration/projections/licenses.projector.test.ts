import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import { LICENSE_CHANGES_CHANNEL } from '../../../backend/src/modules/licenses/license-changes';
import {
  SeatAssigned,
  SeatRemoved,
  licenseEvents,
  LicenseGranted,
  LicenseExtended,
  LicenseKeyRotated,
  LicensePlanChanged,
  LicenseRevoked,
  LicenseTermChanged,
} from '../../../backend/src/modules/licenses/licenses.events';
import { runCommand } from '../../../backend/src/events/command-runner';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { licenseDecider } from '../../../backend/src/modules/licenses/licenses.decider';
import { LicensesProjector } from '../../../backend/src/modules/licenses/projections/licenses.projector';
import { metadata } from '../../support/test-events';
import { testDatabaseUrl } from '../events/support/orm';
import { until } from '../events/support/wait';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new LicensesProjector(), licenseEvents);

describe('LicensesProjector', () => {
  describe('a license', () => {
    it('is granted once, active, with its terms and where it came from', async () => {
      const id = freshId();
      await projection.given(granted(id), granted(id, { seats: 9 }));
      expect(await license(id)).toEqual({
        user_id: 'owner',
        resource_id: 'sculpt-pro',
        plan: 'pro',
        kind: 'subscription',
        status: 'active',
        key_hash: `hash-${id}`,
        key_hint: 'AB12',
        seats: 3,
        devices_per_seat: 2,
        included_credits_per_month: 500,
        valid_until: at(40),
        subscription_id: 'sub_1',
        checkout_ref: null,
        granted_at: at(1),
        revoked_reason: null,
      });
    });

    it('follows its subscription’s term, but never out of revoked', async () => {
      const id = freshId();
      await projection.given(granted(id), LicenseTermChanged({ licenseId: id, status: 'past_due', validUntil: at(45), at: at(2) }));
      expect(await license(id)).toMatchObject({ status: 'past_due', valid_until: at(45) });
      await projection.given(
        LicenseRevoked({ licenseId: id, reason: 'dispute', at: at(3) }),
        LicenseTermChanged({ licenseId: id, status: 'active', validUntil: at(50), at: at(4) }),
      );
      expect(await license(id)).toMatchObject({ status: 'revoked', revoked_reason: 'dispute', valid_until: at(45) });
    });

    it('keeps support’s extension apart from its subscription’s term: the later of the two stands', async () => {
      const id = freshId();
      await projection.given(granted(id), LicenseExtended({ licenseId: id, until: at(50), at: at(2) }));
      expect(await standing(id)).toEqual({ status: 'active', valid_until: at(50), term_status: 'active', term_valid_until: at(40), extended_until: at(50) });
      await projection.given(LicenseTermChanged({ licenseId: id, status: 'active', validUntil: at(40), at: at(3) }));
      expect(await standing(id)).toMatchObject({ status: 'active', valid_until: at(50) });
      await projection.given(LicenseTermChanged({ licenseId: id, status: 'ended', validUntil: at(4), at: at(4) }));
      expect(await standing(id)).toEqual({ status: 'active', valid_until: at(50), term_status: 'ended', term_valid_until: at(4), extended_until: at(50) });
      await projection.given(LicenseExtended({ licenseId: id, until: at(45), at: at(5) }));
      expect(await standing(id)).toMatchObject({ valid_until: at(50), extended_until: at(50) });
      await projection.given(LicenseTermChanged({ licenseId: id, status: 'active', validUntil: at(55), at: at(6) }));
      expect(await standing(id)).toMatchObject({ status: 'active', valid_until: at(55) });
      await projection.given(LicenseRevoked({ licenseId: id, reason: 'admin', at: at(7) }), LicenseExtended({ licenseId: id, until: at(59), at: at(8) }));
      expect(await standing(id)).toMatchObject({ status: 'revoked', valid_until: at(55), extended_until: at(50) });
    });

    it('takes a new plan’s terms and keeps its key', async () => {
      const id = freshId();
      await projection.given(
        granted(id),
        LicensePlanChanged({ licenseId: id, resourceId: 'sculpt-team', plan: 'team', seats: 10, devicesPerSeat: 3, includedCreditsPerMonth: 2000, at: at(2) }),
      );
      expect(await license(id)).toMatchObject({
        resource_id: 'sculpt-team',
        plan: 'team',
        seats: 10,
        devices_per_seat: 3,
        included_credits_per_month: 2000,
        key_hash: `hash-${id}`,
      });
    });

    it('retires the old key when the key is rotated', async () => {
      const id = freshId();
      await projection.given(
        granted(id),
        LicenseKeyRotated({ licenseId: id, oldKeyHash: `hash-${id}`, keySealed: 'sealed-2', keyHash: `hash2-${id}`, keyHint: 'CD34', at: at(5) }),
      );
      expect(await license(id)).toMatchObject({ key_hash: `hash2-${id}`, key_hint: 'CD34' });
      expect(await retired(id)).toEqual([{ key_hash: `hash-${id}`, retired_at: at(5), why: 'rotated' }]);
    });
  });

  describe('a seat', () => {
    it('is added once per address, and on removal its key is retired', async () => {
      const id = freshId();
      await projection.given(granted(id), seatAdded(id, 'ada@example.com'), seatAdded(id, 'ada@example.com'), seatAdded(id, 'bob@example.com'));
      expect(await seats(id)).toEqual([
        { email: 'ada@example.com', seat_key_hash: `seat-${id}-ada@example.com`, seat_key_hint: 'S1', added_at: at(2) },
        { email: 'bob@example.com', seat_key_hash: `seat-${id}-bob@example.com`, seat_key_hint: 'S1', added_at: at(2) },
      ]);
      await projection.given(
        SeatRemoved({ licenseId: id, ownerUserId: 'owner', email: 'ada@example.com', seatKeyHash: `seat-${id}-ada@example.com`, at: at(6) }),
      );
      expect((await seats(id)).map((s) => s.email)).toEqual(['bob@example.com']);
      expect(await retired(id)).toEqual([{ key_hash: `seat-${id}-ada@example.com`, retired_at: at(6), why: 'seat_removed' }]);
    });
  });

  describe('a seat stored by an older release as LicensedUserAdded', () => {
    it('is projected, and folded by the decider, as SeatAssigned; the stored row keeps its name', async () => {
      const id = freshId();
      const streamId = `license-${id}`;
      await projection.givenIn(streamId, [granted(id)]);
      const old = seatAdded(id, 'ada@example.com');
      await projection.rows('select append_events($1, $2, $3::text[], $4::smallint[], $5::jsonb[], $6::jsonb, $7)', [
        streamId,
        'any',
        ['LicensedUserAdded'],
        [1],
        [JSON.stringify(old.data)],
        JSON.stringify(metadata()),
        null,
      ]);
      // Applied in log order: once this later event is projected, the old row was too.
      await projection.givenIn(streamId, [seatAdded(id, 'bob@example.com')]);
      expect((await seats(id)).map((s) => s.email)).toEqual(['ada@example.com', 'bob@example.com']);

      const pool = new Pool({ connectionString: testDatabaseUrl() });
      try {
        const store = new EventStore(pool, new EventRegistry().register(...licenseEvents));
        expect((await store.readStream(streamId, licenseDecider.events)).map((e) => e.type)).toEqual(['LicenseGranted', 'SeatAssigned', 'SeatAssigned']);
        const command = { type: 'RemoveSeat' as const, ownerUserId: 'owner', email: 'ada@example.com', at: at(6) };
        const outcome = await runCommand({ store, streamId, decider: licenseDecider, command, metadata: metadata() });
        expect(outcome.status === 'appended' && outcome.events).toEqual([
          SeatRemoved({ licenseId: id, ownerUserId: 'owner', email: 'ada@example.com', seatKeyHash: `seat-${id}-ada@example.com`, at: at(6) }),
        ]);
      } finally {
        await pool.end();
      }
      expect(
        (await projection.rows<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [streamId])).map((r) => r.type),
      ).toEqual(['LicenseGranted', 'LicensedUserAdded', 'SeatAssigned', 'SeatRemoved']);
    });
  });

  it('tells listeners which license changed, once the change commits', async () => {
    const listener = new Client({ connectionString: testDatabaseUrl() });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query(`listen ${LICENSE_CHANGES_CHANNEL}`);
      const id = freshId();
      await projection.given(granted(id));
      await until('the change is heard', () => heard.includes(id));
    } finally {
      await listener.end();
    }
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const id = freshId();
    await projection.given(
      granted(id),
      LicenseExtended({ licenseId: id, until: at(50), at: at(2) }),
      LicenseTermChanged({ licenseId: id, status: 'ended', validUntil: at(3), at: at(3) }),
      seatAdded(id, 'cy@example.com'),
      LicenseKeyRotated({ licenseId: id, oldKeyHash: `hash-${id}`, keySealed: 's', keyHash: `hash3-${id}`, keyHint: 'EF56', at: at(7) }),
    );
    const before = [await license(id), await standing(id), await seats(id), await retired(id)];
    await projection.replay();
    expect([await license(id), await standing(id), await seats(id), await retired(id)]).toEqual(before);
  });
});

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const freshId = () => `lic-${randomUUID()}`;

const granted = (licenseId: string, overrides: { seats?: number } = {}) =>
  LicenseGranted({
    licenseId,
    userId: 'owner',
    email: null,
    resourceId: 'sculpt-pro',
    plan: 'pro',
    kind: 'subscription',
    seats: overrides.seats ?? 3,
    devicesPerSeat: 2,
    includedCreditsPerMonth: 500,
    keySealed: 'sealed-1',
    keyHash: `hash-${licenseId}`,
    keyHint: 'AB12',
    source: { checkoutRef: null, subscriptionId: 'sub_1' },
    validUntil: at(40),
    grantedAt: at(1),
  });
const seatAdded = (licenseId: string, email: string) =>
  SeatAssigned({
    licenseId,
    ownerUserId: 'owner',
    ownerName: 'Owner',
    planTitle: 'Pro',
    email,
    seatKeySealed: 'sealed-seat',
    seatKeyHash: `seat-${licenseId}-${email}`,
    seatKeyHint: 'S1',
    at: at(2),
  });

async function license(licenseId: string) {
  const [row] = await projection.rows<Record<string, unknown> & { valid_until: Date | null; granted_at: Date }>(
    `select user_id, resource_id, plan, kind, status, key_hash, key_hint, seats, devices_per_seat, included_credits_per_month, valid_until, subscription_id, checkout_ref, granted_at, revoked_reason
       from rm_licenses where license_id = $1`,
    [licenseId],
  );
  return row && { ...row, valid_until: iso(row.valid_until), granted_at: iso(row.granted_at) };
}

async function standing(licenseId: string) {
  const [row] = await projection.rows<{
    status: string;
    valid_until: Date | null;
    term_status: string;
    term_valid_until: Date | null;
    extended_until: Date | null;
  }>('select status, valid_until, term_status, term_valid_until, extended_until from rm_licenses where license_id = $1', [licenseId]);
  return row && { ...row, valid_until: iso(row.valid_until), term_valid_until: iso(row.term_valid_until), extended_until: iso(row.extended_until) };
}

async function seats(licenseId: string) {
  const rows = await projection.rows<{ email: string; seat_key_hash: string; seat_key_hint: string; added_at: Date }>(
    'select email, seat_key_hash, seat_key_hint, added_at from rm_seats where license_id = $1 order by email',
    [licenseId],
  );
  return rows.map((row) => ({ ...row, added_at: iso(row.added_at) }));
}

async function retired(licenseId: string) {
  const rows = await projection.rows<{ key_hash: string; retired_at: Date; why: string }>(
    'select key_hash, retired_at, why from rm_retired_license_keys where license_id = $1 order by retired_at',
    [licenseId],
  );
  return rows.map((row) => ({ ...row, retired_at: iso(row.retired_at) }));
}
