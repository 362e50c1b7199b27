import type { MikroORM } from '@mikro-orm/postgresql';
import type { DashboardData, DashboardLicense } from '../../../../contracts/dashboard/dashboard.contract';
import type { SignedInUser } from '../auth';
import type { CatalogQueries } from '../catalog';
import { openLicenseKey } from '../licenses';
import { readLicenseDeviceSeats } from '../devices';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface LicenseRow {
  license_id: string; resource_id: string; plan: string; kind: DashboardLicense['kind']; status: DashboardLicense['status']; revoked_reason: string | null;
  key_sealed: string; key_hint: string; seats: number; devices_per_seat: number; included_credits_per_month: number; valid_until: Date | null; granted_at: Date;
  subscription_id: string | null; sub_status: 'active' | 'past_due' | 'cancelled' | null; current_period_end: Date | null; cancel_at: Date | null; renewals: number | null;
}

/**
 * Everything the dashboard shows, read from the projectors' tables. Every query is filtered by
 * the signed-in user's id (or, for seats given to them, their address): nobody else's rows.
 */
export class DashboardQueries {
  constructor(
    private readonly orm: MikroORM,
    private readonly catalog: CatalogQueries,
    private readonly sealingSecret: string,
  ) {}

  private get db() {
    return this.orm.em.getConnection();
  }

  async forUser(user: SignedInUser): Promise<DashboardData> {
    const [licenses, sharedSeats, access, pending, purchases, customer] = await Promise.all([
      this.licenses(user.userId),
      this.sharedSeats(user.email),
      this.db.execute<{ resource_id: string; source: 'purchase' | 'free'; granted_at: Date }[]>(
        `select distinct on (resource_id) resource_id, source, granted_at from rm_resource_access
          where user_id = ? and revoked_at is null order by resource_id, granted_at`,
        [user.userId],
      ),
      this.db.execute<{ id: string; resource_id: string; kind: 'checkout' | 'renewal'; status: 'open' | 'processing' | 'settled' | 'expired'; amount_cents: number; currency: string; quantity: number; pay_url: string | null; expires_at: Date | null; opened_at: Date; closed_at: Date | null; close_reason: string | null }[]>(
        `select id, resource_id, kind, status, amount_cents, currency, quantity, pay_url, expires_at, opened_at, closed_at, close_reason from rm_pending_payments
          where user_id = ? and (status in ('open', 'processing') or coalesce(closed_at, opened_at) > now() - interval '30 days') order by opened_at desc limit 50`,
        [user.userId],
      ),
      this.db.execute<{ checkout_ref: string; title: string; quantity: number; amount_cents: number; currency: string; status: DashboardData['purchases'][number]['status']; completed_at: Date }[]>(
        'select checkout_ref, title, quantity, amount_cents, currency, status, completed_at from rm_purchases where user_id = ? order by completed_at desc limit 50',
        [user.userId],
      ),
      this.db.execute<{ customer_id: string }[]>('select customer_id from rm_customers where user_id = ?', [user.userId]),
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
          return resource ? [{ resource, source: a.source, grantedAt: iso(a.granted_at)! }] : [];
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
        openedAt: iso(p.opened_at)!,
        closedAt: iso(p.closed_at),
        closeReason: p.close_reason,
      })),
      purchases: purchases.map((p) => ({ checkoutRef: p.checkout_ref, title: p.title, quantity: p.quantity, amountCents: p.amount_cents, currency: p.currency, status: p.status, completedAt: iso(p.completed_at)! })),
      canManageBilling: customer.length > 0,
    };
  }

  async customerOf(userId: string): Promise<string | null> {
    const [row] = await this.db.execute<{ customer_id: string }[]>('select customer_id from rm_customers where user_id = ?', [userId]);
    return row?.customer_id ?? null;
  }

  async pendingPayment(userId: string, id: string) {
    const [row] = await this.db.execute<{ id: string; kind: string; status: string; checkout_session_id: string | null }[]>(
      'select id, kind, status, checkout_session_id from rm_pending_payments where user_id = ? and id = ?',
      [userId, id],
    );
    return row;
  }

  async license(userId: string, licenseId: string) {
    const [row] = await this.db.execute<{ license_id: string; resource_id: string; plan: string }[]>('select license_id, resource_id, plan from rm_licenses where user_id = ? and license_id = ?', [userId, licenseId]);
    return row;
  }

  private async licenses(userId: string): Promise<Array<Omit<DashboardLicense, 'title'>>> {
    const rows = await this.db.execute<LicenseRow[]>(
      `select l.*, s.status as sub_status, s.current_period_end, s.cancel_at, s.renewals
         from rm_licenses l left join rm_subscriptions s on s.subscription_id = l.subscription_id
        where l.user_id = ? order by l.granted_at desc`,
      [userId],
    );
    const users = rows.length
      ? await this.db.execute<{ license_id: string; email: string; seat_key_hint: string; added_at: Date }[]>(
          `select license_id, email, seat_key_hint, added_at from rm_licensed_users where license_id in (${rows.map(() => '?').join(', ')}) order by added_at`,
          rows.map((r) => r.license_id),
        )
      : [];
    const checks = rows.length
      ? await this.db.execute<{ license_id: string; key_hint: string; checked_at: Date; plugin_version: string | null; code: string; reason: string | null }[]>(
          `select license_id, key_hint, checked_at, plugin_version, code, reason from (
             select *, row_number() over (partition by license_id order by checked_at desc) as n from license_validations
              where license_id in (${rows.map(() => '?').join(', ')})
           ) recent where n <= 10 order by checked_at desc`,
          rows.map((r) => r.license_id),
        )
      : [];
    const devices = await readLicenseDeviceSeats(this.orm, rows.map((r) => r.license_id));
    return rows.map((r) => {
      const recentChecks = checks.filter((c) => c.license_id === r.license_id).map((c) => ({ checkedAt: iso(c.checked_at)!, keyHint: c.key_hint, pluginVersion: c.plugin_version, code: c.code, reason: c.reason }));
      const licensedUsers = users.filter((u) => u.license_id === r.license_id).map((u) => ({ email: u.email, keyHint: u.seat_key_hint, addedAt: iso(u.added_at)! }));
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
        seatsUsed: 1 + licensedUsers.length,
        devicesPerSeat: r.devices_per_seat,
        includedCreditsPerMonth: r.included_credits_per_month,
        validUntil: iso(r.valid_until),
        grantedAt: iso(r.granted_at)!,
        subscription: r.subscription_id && r.sub_status ? { subscriptionId: r.subscription_id, status: r.sub_status, currentPeriodEnd: iso(r.current_period_end)!, cancelAt: iso(r.cancel_at), renewals: r.renewals ?? 0 } : null,
        licensedUsers,
        recentChecks,
        deviceSeats: devices.of(r.license_id, licensedUsers.map((u) => u.email)),
      };
    });
  }

  private async sharedSeats(email: string | null): Promise<DashboardData['sharedSeats']> {
    if (!email) return [];
    const rows = await this.db.execute<{ license_id: string; resource_id: string; status: DashboardLicense['status']; seat_key_sealed: string; added_at: Date; title: string | null }[]>(
      `select u.license_id, l.resource_id, l.status, u.seat_key_sealed, u.added_at, r.title
         from rm_licensed_users u join rm_licenses l on l.license_id = u.license_id left join resources r on r.id = l.resource_id
        where u.email = ? order by u.added_at desc`,
      [email.toLowerCase()],
    );
    return rows.map((r) => ({ licenseId: r.license_id, title: r.title ?? r.resource_id, status: r.status, key: openLicenseKey(r.seat_key_sealed, this.sealingSecret), addedAt: iso(r.added_at)! }));
  }
}
