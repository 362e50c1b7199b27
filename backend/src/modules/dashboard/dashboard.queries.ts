import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { DashboardData, DashboardLicense } from '../../../../contracts/dashboard/dashboard.contract';
import type { AnnualUpgradeOffer } from '../../../../contracts/plugin/credits-v1';
import type { SignedInUser } from '../auth';
import type { CatalogQueries } from '../catalog';
import { openLicenseKey } from '../licenses';
import { readLicenseDeviceSeats } from '../devices';
import { type PaymentsReadModels } from '../checkout';
import { paidInvoiceStatus } from '../subscriptions';
import type { AnnualUpgradeOffers } from '../plugin-api';
import type { ValidationLogTables } from '../licenses';
import { readModelKysely } from '../../platform/database/read-model-kysely';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const periodOf = (start: Date | null, end: Date | null) => (start && end ? { start: start.toISOString(), end: end.toISOString() } : null);
const PURCHASES = 50;

/**
 * Everything the dashboard shows, read from the projectors' tables. Every query is filtered by
 * the signed-in user's id (or, for seats given to them, their address): nobody else's rows.
 */
export class DashboardQueries {
  constructor(
    private readonly orm: MikroORM,
    private readonly catalog: CatalogQueries,
    private readonly sealingSecret: string,
    private readonly offers: AnnualUpgradeOffers,
  ) {}

  private get db() {
    return this.orm.em.getKysely<PaymentsReadModels & ValidationLogTables, typeof readModelKysely>(readModelKysely);
  }

  async forUser(user: SignedInUser): Promise<DashboardData> {
    const [licenses, sharedSeats, access, pending, purchases, customer] = await Promise.all([
      this.licenses(user.userId),
      this.sharedSeats(user.email),
      this.db
        .selectFrom('rm_resource_access')
        .distinctOn('resource_id')
        .select(['resource_id', 'source', 'granted_at'])
        .where('user_id', '=', user.userId)
        .where('revoked_at', 'is', null)
        .orderBy('resource_id')
        .orderBy('granted_at')
        .execute(),
      this.db
        .selectFrom('rm_pending_payments as p')
        // A renewal's pending payment is named after its invoice (pp-<invoice id>): its period is the invoice's.
        .leftJoin('rm_subscription_invoices as i', (join) =>
          join.on((eb) => eb.and([eb('p.kind', '=', 'renewal'), eb('i.invoice_id', '=', sql<string>`substr(p.id, 4)`)])),
        )
        .select([
          'p.id',
          'p.resource_id',
          'p.kind',
          'p.status',
          'p.amount_cents',
          'p.currency',
          'p.quantity',
          'p.pay_url',
          'p.expires_at',
          'p.opened_at',
          'p.closed_at',
          'p.close_reason',
          'i.period_start',
          'i.period_end',
        ])
        .where('p.user_id', '=', user.userId)
        .where((eb) => eb.or([eb('p.status', 'in', ['open', 'processing']), eb(eb.fn.coalesce('p.closed_at', 'p.opened_at'), '>', daysAgo(30))]))
        .orderBy('p.opened_at', 'desc')
        .limit(50)
        .execute(),
      this.purchases(user.userId),
      this.db.selectFrom('rm_customers').select('customer_id').where('user_id', '=', user.userId).execute(),
    ]);
    const ids = [...new Set([...access.map((a) => a.resource_id), ...pending.map((p) => p.resource_id), ...licenses.map((l) => l.resourceId)])];
    const resources = new Map((ids.length > 0 ? await this.catalog.findByIds(ids) : []).map((r) => [r.id, r]));
    const hasPlan = licenses.some((l) => l.status === 'active' || l.status === 'past_due') || sharedSeats.some((s) => s.status === 'active');
    const ownedIds = new Set(access.map((a) => a.resource_id));
    const included = hasPlan ? (await this.catalog.list({})).resources.filter((r) => r.accessType === 'subscription' && !ownedIds.has(r.id)) : [];
    return {
      viewer: { name: user.name, email: user.email },
      licenses: licenses.map((l) => ({ ...l, title: resources.get(l.resourceId)?.title ?? l.plan })),
      sharedSeats,
      resources: {
        owned: access.flatMap((a) => {
          const resource = resources.get(a.resource_id);
          return resource ? [{ resource, source: a.source, grantedAt: a.granted_at.toISOString() }] : [];
        }),
        included,
      },
      pendingPayments: pending.map((p) => ({
        id: p.id,
        title: resources.get(p.resource_id)?.title ?? p.resource_id,
        kind: p.kind,
        status: p.status,
        amountCents: p.amount_cents,
        currency: p.currency,
        quantity: p.quantity,
        payUrl: p.status === 'open' ? p.pay_url : null,
        expiresAt: iso(p.expires_at),
        openedAt: p.opened_at.toISOString(),
        closedAt: iso(p.closed_at),
        closeReason: p.close_reason,
        period: periodOf(p.period_start, p.period_end),
      })),
      purchases,
      canManageBilling: customer.length > 0,
    };
  }

  /** Checkouts (a subscription's with the period its first invoice paid for) and the subscriptions' later charges, newest first. */
  private async purchases(userId: string): Promise<DashboardData['purchases']> {
    const [checkouts, charges] = await Promise.all([
      this.db
        .selectFrom('rm_purchases as p')
        .leftJoin('rm_subscription_invoices as i', (join) =>
          join.onRef('i.subscription_id', '=', 'p.subscription_id').on('i.billing_reason', '=', 'subscription_create'),
        )
        .select(['p.checkout_ref', 'p.title', 'p.quantity', 'p.amount_cents', 'p.currency', 'p.status', 'p.completed_at', 'i.period_start', 'i.period_end'])
        .where('p.user_id', '=', userId)
        .orderBy('p.completed_at', 'desc')
        .limit(PURCHASES)
        .execute(),
      this.db
        .selectFrom('rm_subscription_invoices')
        .select([
          'invoice_id',
          'title',
          'quantity',
          'billing_reason',
          'amount_cents',
          'currency',
          'paid_at',
          'period_start',
          'period_end',
          'refunded_cents',
          'refunded',
        ])
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .where('billing_reason', 'in', ['subscription_cycle', 'subscription_update'])
        .where('amount_cents', '>', 0)
        .orderBy('paid_at', 'desc')
        .limit(PURCHASES)
        .execute(),
    ]);
    return [
      ...checkouts.map((p) => ({
        checkoutRef: p.checkout_ref,
        kind: 'checkout' as const,
        title: p.title,
        quantity: p.quantity,
        amountCents: p.amount_cents,
        currency: p.currency,
        status: p.status,
        completedAt: p.completed_at.toISOString(),
        period: periodOf(p.period_start, p.period_end),
      })),
      ...charges.map((c) => ({
        checkoutRef: c.invoice_id,
        kind: c.billing_reason === 'subscription_update' ? ('plan_change' as const) : ('renewal' as const),
        title: c.title,
        quantity: c.quantity ?? 1,
        amountCents: c.amount_cents,
        currency: c.currency,
        status: paidInvoiceStatus(c),
        completedAt: (c.paid_at ?? new Date(0)).toISOString(),
        period: periodOf(c.period_start, c.period_end),
      })),
    ]
      .sort((a, b) => b.completedAt.localeCompare(a.completedAt))
      .slice(0, PURCHASES);
  }

  private async licenses(userId: string): Promise<Array<Omit<DashboardLicense, 'title'>>> {
    const rows = await this.db
      .selectFrom('rm_licenses as l')
      .leftJoin('rm_subscriptions as s', 's.subscription_id', 'l.subscription_id')
      .selectAll('l')
      .select(['s.status as sub_status', 's.current_period_end', 's.cancel_at', 's.renewals', 's.trial_ends_at', 's.trial_amount_cents', 's.trial_currency'])
      .where('l.user_id', '=', userId)
      .orderBy('l.granted_at', 'desc')
      .execute();
    const licenseIds = rows.map((r) => r.license_id);
    const users = licenseIds.length
      ? await this.db
          .selectFrom('rm_seats')
          .select(['license_id', 'email', 'seat_key_hint', 'added_at'])
          .where('license_id', 'in', licenseIds)
          .orderBy('added_at')
          .execute()
      : [];
    const checks = licenseIds.length
      ? await this.db
          .selectFrom((eb) =>
            eb
              .selectFrom('license_validations')
              .select(['license_id', 'key_hint', 'checked_at', 'plugin_version', 'code', 'reason'])
              .select((inner) =>
                inner.fn
                  .agg('row_number')
                  .over((over) => over.partitionBy('license_id').orderBy('checked_at', 'desc'))
                  .as('n'),
              )
              .where('license_id', 'in', licenseIds)
              .as('recent'),
          )
          .select(['license_id', 'key_hint', 'checked_at', 'plugin_version', 'code', 'reason'])
          .where('n', '<=', 10)
          .orderBy('checked_at', 'desc')
          .execute()
      : [];
    const [devices, offers] = await Promise.all([
      readLicenseDeviceSeats(this.orm, licenseIds),
      Promise.all(rows.map((r) => (canSwitchToAnnual(r) ? this.offers.forLicense({ licenseId: r.license_id, seatEmail: null }) : null))),
    ]);
    return rows.map((r, i) => {
      const recentChecks = checks
        .filter((c) => c.license_id === r.license_id)
        .map((c) => ({ checkedAt: c.checked_at.toISOString(), keyHint: c.key_hint, pluginVersion: c.plugin_version, code: c.code, reason: c.reason }));
      const seatHolders = users
        .filter((u) => u.license_id === r.license_id)
        .map((u) => ({ email: u.email, keyHint: u.seat_key_hint, addedAt: u.added_at.toISOString() }));
      return {
        licenseId: r.license_id,
        resourceId: r.resource_id,
        plan: r.plan,
        kind: r.kind,
        status: r.status,
        revokedReason: r.revoked_reason,
        key: openLicenseKey(r.key_sealed, this.sealingSecret),
        keyHint: r.key_hint,
        seats: r.seats,
        seatsUsed: 1 + seatHolders.length,
        devicesPerSeat: r.devices_per_seat,
        includedCreditsPerMonth: r.included_credits_per_month,
        validUntil: iso(r.valid_until),
        grantedAt: r.granted_at.toISOString(),
        subscription:
          r.subscription_id && r.sub_status && r.current_period_end
            ? {
                subscriptionId: r.subscription_id,
                status: r.sub_status,
                currentPeriodEnd: r.current_period_end.toISOString(),
                cancelAt: iso(r.cancel_at),
                renewals: r.renewals ?? 0,
                trial: trialOf(r),
              }
            : null,
        annualOffer: annualOfferOf(offers[i] ?? null),
        seatHolders,
        recentChecks,
        deviceSeats: devices.of(
          r.license_id,
          seatHolders.map((u) => u.email),
        ),
      };
    });
  }

  private async sharedSeats(email: string | null): Promise<DashboardData['sharedSeats']> {
    if (!email) return [];
    const rows = await this.db
      .selectFrom('rm_seats as u')
      .innerJoin('rm_licenses as l', 'l.license_id', 'u.license_id')
      .leftJoin('resources as r', 'r.id', 'l.resource_id')
      .select(['u.license_id', 'l.resource_id', 'l.status', 'u.seat_key_sealed', 'u.added_at', 'r.title'])
      .where('u.email', '=', email.toLowerCase())
      .orderBy('u.added_at', 'desc')
      .execute();
    return rows.map((r) => ({
      licenseId: r.license_id,
      title: r.title ?? r.resource_id,
      status: r.status,
      key: openLicenseKey(r.seat_key_sealed, this.sealingSecret),
      addedAt: r.added_at.toISOString(),
    }));
  }
}

/** A subscription's trial while it is on: when it ends and what is charged then. */
function trialOf(r: { trial_ends_at: Date | null; trial_amount_cents: number | null; trial_currency: string | null; sub_status: string | null }) {
  if (!r.trial_ends_at || r.trial_amount_cents === null || !r.trial_currency || r.sub_status !== 'active') return null;
  if (r.trial_ends_at.getTime() <= Date.now()) return null;
  return { endsAt: r.trial_ends_at.toISOString(), chargeCents: r.trial_amount_cents, currency: r.trial_currency };
}

/**
 * Whether the owner can switch this subscription to yearly billing now, as Stripe would take it:
 * paid up and renewing (a trial too: it keeps its end, and the annual price bills from then). Not
 * once set to end, as a switch would quietly resume it.
 */
function canSwitchToAnnual(r: { kind: string; status: string; sub_status: string | null; cancel_at: Date | null }) {
  return r.kind === 'subscription' && r.status === 'active' && r.sub_status === 'active' && r.cancel_at === null;
}

/** The plugin's offer (one computation for both), as the dashboard shows it: a year each way. */
function annualOfferOf(offer: AnnualUpgradeOffer | null): DashboardLicense['annualOffer'] {
  if (!offer) return null;
  return {
    annualPriceCents: offer.annual_price_cents,
    yearOfMonthlyCents: offer.annual_price_cents + offer.amount_saved_cents,
    amountSavedCents: offer.amount_saved_cents,
    percentSaved: offer.percent_saved,
    checkoutPath: offer.checkout_path,
  };
}
