import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Entitlement } from '../../../../contracts/entitlements/entitlement-sources';
import { decodeEventRow } from '../../events/decode-event-row';
import { EventRegistry } from '../../events/event-registry';
import { EVENTS_POOL } from '../../events/events.tokens';
import { referenceOf } from '../../events/metadata-for';
import type { Queryable } from '../../events/event-store';
import { readEventsAt } from '../../events/read-events-at';
import { readEventsOfStreams } from '../../events/read-events-of-streams';
import { readModelKysely } from '../../platform/database/read-model-kysely';
import { type PaymentsReadModels } from '../checkout';
import type { CreditTables } from '../credits';
import { readCustomerContact } from '../support';
import { readAccountStreams } from './account-streams';
import { ACCESS_EVENT_TYPES, type AccessFacts, type AccessRecord, deriveEntitlementSources, isAccessEvent } from './entitlement-sources';
import { readSupportAction, SUPPORT_ACTION_RECORDED, type SupportActionView } from './support-action-view';

type AccessReadModels = PaymentsReadModels & CreditTables;

/** Streams that never grant anything: devices, downloads, lessons, the Stripe customer link. */
const NOT_ACCESS = /^(license-devices-|librarydownloads-|course-progress-|customer-)/;

/** "Why do they have access": an account's entitlements, from its events and the read models' terms. */
@Injectable()
export class EntitlementSourcesQueries {
  constructor(
    @Inject(EVENTS_POOL) private readonly pool: Queryable,
    private readonly orm: MikroORM,
    private readonly registry: EventRegistry,
  ) {}

  private get db() {
    return this.orm.em.getKysely<AccessReadModels, typeof readModelKysely>(readModelKysely);
  }

  /** The address the support console knows the account by. */
  async emailOf(userId: string): Promise<string | null> {
    return (await readCustomerContact(this.orm.em, userId)).email;
  }

  async forAccount(userId: string, email: string | null, now = new Date()): Promise<Entitlement[]> {
    const events = await this.events(userId, email);
    const [supportActions, facts] = await Promise.all([this.supportActions(events), this.facts(userId, events, now)]);
    return deriveEntitlementSources({ userId, email, events, supportActions, facts, now });
  }

  private async events(userId: string, email: string | null): Promise<AccessRecord[]> {
    const streams = new Map<string, Set<string> | null>();
    for (const { streamId: stream_id, bookingId: booking_id } of await readAccountStreams(this.orm.em, userId, email)) {
      if (NOT_ACCESS.test(stream_id)) continue;
      if (booking_id === null) streams.set(stream_id, null);
      else if (streams.get(stream_id) !== null) streams.set(stream_id, (streams.get(stream_id) ?? new Set()).add(booking_id));
    }
    // Only the types that grant, explain or end access: an account's thousands of credit debits, device checks and downloads are never decoded.
    const rows = await readEventsOfStreams(
      this.pool,
      [...streams].map(([streamId, bookings]) => ({ streamId, bookingIds: bookings ? [...bookings] : null })),
      this.registry.storedTypes(ACCESS_EVENT_TYPES),
    );
    return rows.map((row) => decodeEventRow(row, this.registry, 'now')).filter(isAccessEvent);
  }

  /** The support actions the events' causation ids name, by that id. */
  private async supportActions(events: AccessRecord[]): Promise<Map<string, SupportActionView>> {
    const positions = new Set<string>();
    for (const event of events) {
      const reference = event.metadata.causationId ? referenceOf(event.metadata.causationId) : null;
      if (reference?.kind === 'event') positions.add(reference.position.toString());
    }
    if (positions.size === 0) return new Map();
    const rows = await readEventsAt(this.pool, [...positions], { type: SUPPORT_ACTION_RECORDED });
    const actions = new Map<string, SupportActionView>();
    for (const row of rows) {
      const action = readSupportAction(row);
      if (action) actions.set(`event:${action.position}`, action);
    }
    return actions;
  }

  private async facts(userId: string, events: AccessRecord[], now: Date): Promise<AccessFacts> {
    const licenseIds = [...new Set(events.flatMap((e) => (e.type === 'LicenseGranted' || e.type === 'SeatAssigned' ? [e.data.licenseId] : [])))];
    const resourceIds = [...new Set(events.flatMap((e) => (e.type === 'ResourceAccessGranted' ? [e.data.resourceId] : [])))];
    const [subscriptions, licenses, packs, cycles, resources] = await Promise.all([
      this.db
        .selectFrom('rm_subscriptions')
        .select(['subscription_id', 'status', 'current_period_end', 'cancel_at', 'cancelled_at'])
        .where('user_id', '=', userId)
        .execute(),
      licenseIds.length
        ? this.db.selectFrom('rm_licenses').select(['license_id', 'status', 'valid_until']).where('license_id', 'in', licenseIds).execute()
        : [],
      this.db.selectFrom('rm_credit_packs').select(['pack_id', 'credits', 'remaining']).where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('rm_credit_cycles')
        .select(['license_id', 'cycle_end', 'allowance', 'used'])
        .where('user_id', '=', userId)
        .where('cycle_start', '<=', now)
        .where('cycle_end', '>', now)
        .execute(),
      resourceIds.length ? this.db.selectFrom('resources').select(['id', 'title']).where('id', 'in', resourceIds).execute() : [],
    ]);
    return {
      subscriptions: new Map(
        subscriptions.map((s) => [
          s.subscription_id,
          { status: s.status, currentPeriodEnd: s.current_period_end, cancelAt: s.cancel_at, cancelledAt: s.cancelled_at },
        ]),
      ),
      licenses: new Map(licenses.map((l) => [l.license_id, { status: l.status, validUntil: l.valid_until }])),
      packs: new Map(packs.map((p) => [p.pack_id, { credits: p.credits, remaining: p.remaining }])),
      cycles: new Map(cycles.map((c) => [c.license_id, { cycleEnd: c.cycle_end, allowance: c.allowance, used: c.used }])),
      resourceTitles: new Map(resources.map((r) => [r.id, r.title])),
    };
  }
}
