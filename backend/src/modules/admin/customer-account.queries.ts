import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CustomerAccount } from '../../../../contracts/admin/customer-account.contract';
import { EVENTS_POOL } from '../../events/events.tokens';

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

const EMAILS_SHOWN = 50;

/**
 * The account page's "now", read from the read models by user id as the customer search reads
 * them. Not the dashboard's reads: those open sealed license keys, which support never needs.
 */
@Injectable()
export class CustomerAccountQueries {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async account(userId: string): Promise<CustomerAccount> {
    const [directory, licenses, seats, devices, credits, resources, purchases, bookings, pending] = await Promise.all([
      this.rows<{ email: string | null; name: string | null }>('select email, name from rm_customer_directory where user_id = $1', [userId]),
      this.rows<{
        license_id: string;
        plan: string;
        kind: string;
        status: string;
        key_hint: string;
        seats: number;
        devices_per_seat: number;
        valid_until: Date | null;
        subscription_id: string | null;
        granted_at: Date;
      }>(
        `select license_id, plan, kind, status, key_hint, seats, devices_per_seat, valid_until, subscription_id, granted_at
         from rm_licenses where user_id = $1 order by granted_at desc`,
        [userId],
      ),
      this.rows<{ license_id: string; email: string; added_at: Date }>(
        `select s.license_id, s.email, s.added_at from rm_seats s join rm_licenses l using (license_id)
         where l.user_id = $1 order by s.added_at`,
        [userId],
      ),
      this.rows<{ license_id: string; seat: string; name: string | null; plugin_version: string | null; activated_at: Date; released_at: Date | null }>(
        `select d.license_id, d.seat, d.name, d.plugin_version, d.activated_at, d.released_at from rm_license_devices d join rm_licenses l using (license_id)
         where l.user_id = $1 order by d.activated_at desc`,
        [userId],
      ),
      this.rows<{ included: string; packs: string }>(
        `select
           (select coalesce(sum(greatest(allowance - used, 0)), 0) from rm_credit_cycles where user_id = $1 and cycle_start <= now() and cycle_end > now()) as included,
           (select coalesce(sum(remaining), 0) from rm_credit_packs where user_id = $1 and removed_at is null) as packs`,
        [userId],
      ),
      this.rows<{ resource_id: string; source: string; granted_at: Date }>(
        `select distinct on (resource_id) resource_id, source, granted_at from rm_resource_access
         where user_id = $1 and revoked_at is null order by resource_id, granted_at`,
        [userId],
      ),
      this.rows<{
        checkout_ref: string;
        title: string;
        amount_cents: number;
        currency: string;
        status: string;
        refunded_cents: number | null;
        completed_at: Date | null;
      }>(
        `select checkout_ref, title, amount_cents, currency, status, refunded_cents, completed_at from rm_purchases
         where user_id = $1 order by completed_at desc nulls first`,
        [userId],
      ),
      this.rows<{ booking_id: string; session_title: string; host_name: string; start_at: Date; status: string }>(
        `select booking_id, session_title, host_name, start_at, status from rm_session_bookings where customer_user_id = $1 order by start_at desc`,
        [userId],
      ),
      this.rows<{
        id: string;
        resource_id: string;
        kind: string;
        status: string;
        amount_cents: number | null;
        currency: string | null;
        opened_at: Date;
        expires_at: Date | null;
      }>(
        `select id, resource_id, kind, status, amount_cents, currency, opened_at, expires_at from rm_pending_payments
         where user_id = $1 and status in ('open', 'processing') order by opened_at desc`,
        [userId],
      ),
    ]);
    const email = directory[0]?.email ?? null;
    const emails = email
      ? await this.rows<{ kind: string; to_address: string; delivered_at: Date; causation_id: string | null }>(
          `select kind, to_address, delivered_at, causation_id from email_deliveries where lower(to_address) = lower($1)
           order by delivered_at desc limit ${EMAILS_SHOWN}`,
          [email],
        )
      : [];
    const included = Number(credits[0]?.included ?? 0);
    const packs = Number(credits[0]?.packs ?? 0);
    return {
      userId,
      email,
      name: directory[0]?.name ?? null,
      plan: licenses.find((license) => license.status === 'active')?.plan ?? null,
      licenses: licenses.map((license) => ({
        licenseId: license.license_id,
        plan: license.plan,
        kind: license.kind,
        status: license.status,
        keyHint: license.key_hint,
        seats: license.seats,
        devicesPerSeat: license.devices_per_seat,
        validUntil: isoOrNull(license.valid_until),
        subscriptionId: license.subscription_id,
        grantedAt: iso(license.granted_at),
        seatHolders: seats.filter((s) => s.license_id === license.license_id).map((s) => ({ email: s.email, addedAt: iso(s.added_at) })),
        devices: devices
          .filter((d) => d.license_id === license.license_id)
          .map((d) => ({
            seat: d.seat,
            name: d.name,
            pluginVersion: d.plugin_version,
            activatedAt: iso(d.activated_at),
            releasedAt: isoOrNull(d.released_at),
          })),
      })),
      credits: { included, packs, balance: included + packs },
      resources: resources.map((r) => ({ resourceId: r.resource_id, source: r.source, grantedAt: iso(r.granted_at) })),
      purchases: purchases.map((p) => ({
        checkoutRef: p.checkout_ref,
        title: p.title,
        amountCents: p.amount_cents,
        currency: p.currency,
        status: p.status,
        refundedCents: p.refunded_cents ?? 0,
        completedAt: isoOrNull(p.completed_at),
      })),
      bookings: bookings.map((b) => ({ bookingId: b.booking_id, title: b.session_title, hostName: b.host_name, startAt: iso(b.start_at), status: b.status })),
      emails: emails.map((e) => ({ kind: e.kind, toAddress: e.to_address, deliveredAt: iso(e.delivered_at), causationId: e.causation_id })),
      pendingPayments: pending.map((p) => ({
        id: p.id,
        resourceId: p.resource_id,
        kind: p.kind,
        status: p.status,
        amountCents: p.amount_cents,
        currency: p.currency,
        openedAt: iso(p.opened_at),
        expiresAt: isoOrNull(p.expires_at),
      })),
    };
  }

  private async rows<T extends object>(sql: string, params: unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(sql, params)).rows;
  }
}
