import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CustomerAccount } from '../../../../contracts/admin/customer-account.contract';
import { readCustomerBookings } from '../booking';
import { readAccountPurchases, readAccountResources, readOpenPendingPayments } from '../checkout';
import { readCreditBalance } from '../credits';
import { readLicensesDevices } from '../devices';
import { readDeliveriesTo } from '../email';
import { readAccountLicenses, readSeats } from '../licenses';
import { readCustomerContact } from '../support';

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

const EMAILS_SHOWN = 50;

/**
 * The account page's "now", composed of what each module lets others read of an account. Not the
 * dashboard's reads: those open sealed license keys, which support never needs.
 */
@Injectable()
export class CustomerAccountQueries {
  constructor(private readonly orm: MikroORM) {}

  async account(userId: string): Promise<CustomerAccount> {
    const em = this.orm.em;
    const [contact, licenses, seats, credits, resources, purchases, bookings, pending] = await Promise.all([
      readCustomerContact(em, userId),
      readAccountLicenses(em, userId),
      readSeats(em, { ofOwner: userId }),
      readCreditBalance(em, userId, new Date()),
      readAccountResources(em, userId),
      readAccountPurchases(em, userId),
      readCustomerBookings(em, userId),
      readOpenPendingPayments(em, userId),
    ]);
    const [devices, emails] = await Promise.all([
      readLicensesDevices(
        em,
        licenses.map((license) => license.license_id),
      ),
      contact.email ? readDeliveriesTo(em, contact.email, 'newest', EMAILS_SHOWN) : [],
    ]);
    return {
      userId,
      email: contact.email,
      name: contact.name,
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
      credits: { ...credits, balance: credits.included + credits.packs },
      resources: resources.map((r) => ({ resourceId: r.resource_id, source: r.source, grantedAt: iso(r.granted_at) })),
      purchases: purchases.map((p) => ({
        checkoutRef: p.checkout_ref,
        title: p.title,
        amountCents: p.amount_cents,
        currency: p.currency,
        status: p.status,
        refundedCents: p.refunded_cents,
        completedAt: iso(p.completed_at),
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
}
