import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { EVENTS_POOL } from '../../events/events.tokens';
import type { EvidenceFacts } from './dispute-evidence';

/** Enough of each list for a reviewer; the counts and date ranges cover the rest. */
const LATEST_CHECKS = 20;
const LIST_LIMIT = 50;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * Reads what the read models and logs hold about a disputed purchase's account: the purchase,
 * its licenses' plugin checks and devices, library downloads, credits used and emails delivered.
 */
@Injectable()
export class EvidenceFactsQueries {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async factsFor(userId: string, checkoutRef: string | null): Promise<EvidenceFacts> {
    const purchase = checkoutRef ? await this.purchase(checkoutRef) : null;
    const customer = await this.customer(userId);
    const licenses = await this.licenses(userId, checkoutRef, purchase?.subscriptionId ?? null);
    const licenseIds = licenses.map((l) => l.licenseId);
    const [checks, devices, downloads, credits, emails] = await Promise.all([
      this.checks(licenseIds),
      this.devices(licenseIds),
      this.downloads(userId),
      this.credits(userId),
      customer.email ? this.emails(customer.email) : Promise.resolve([]),
    ]);
    return {
      purchase: purchase && { ...purchase.facts },
      customer,
      licenses,
      checks,
      devices,
      downloads,
      credits,
      emails,
      // Checkout records no acceptance of the refund policy (no event carries one): say so, never assume it.
      refundPolicyAccepted: false,
    };
  }

  private async purchase(checkoutRef: string) {
    const { rows } = await this.pool.query<{
      title: string;
      resource_id: string;
      quantity: number;
      amount_cents: number;
      currency: string;
      completed_at: Date;
      payment_intent_id: string | null;
      subscription_id: string | null;
    }>(
      'select title, resource_id, quantity, amount_cents, currency, completed_at, payment_intent_id, subscription_id from rm_purchases where checkout_ref = $1',
      [checkoutRef],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      subscriptionId: row.subscription_id,
      facts: {
        checkoutRef,
        title: row.title,
        resourceId: row.resource_id,
        quantity: row.quantity,
        amountCents: row.amount_cents,
        currency: row.currency,
        completedAt: iso(row.completed_at),
        paymentIntentId: row.payment_intent_id,
      },
    };
  }

  private async customer(userId: string) {
    const { rows } = await this.pool.query<{ email: string | null; name: string | null }>('select email, name from rm_customer_directory where user_id = $1', [
      userId,
    ]);
    return { email: rows[0]?.email ?? null, name: rows[0]?.name ?? null };
  }

  /** The purchase's own license (a lifetime one, or its subscription's); else every license of the account. */
  private async licenses(userId: string, checkoutRef: string | null, subscriptionId: string | null) {
    const { rows } = await this.pool.query<{ license_id: string; key_hint: string; plan: string; granted_at: Date }>(
      `select license_id, key_hint, plan, granted_at from rm_licenses
       where user_id = $1 and (($2::text is null and $3::text is null) or checkout_ref = $2 or subscription_id = $3)
       order by granted_at limit ${LIST_LIMIT}`,
      [userId, checkoutRef, subscriptionId],
    );
    return rows.map((r) => ({ licenseId: r.license_id, keyHint: r.key_hint, plan: r.plan, grantedAt: iso(r.granted_at) }));
  }

  private async checks(licenseIds: string[]): Promise<EvidenceFacts['checks']> {
    if (licenseIds.length === 0) return { count: 0, first: null, last: null, latest: [] };
    const [summary, latest] = await Promise.all([
      this.pool.query<{ count: string; first: Date | null; last: Date | null }>(
        'select count(*) as count, min(checked_at) as first, max(checked_at) as last from license_validations where license_id = any($1)',
        [licenseIds],
      ),
      this.pool.query<{ checked_at: Date; code: string; plugin_version: string | null; device_hash: string | null }>(
        `select checked_at, code, plugin_version, device_hash from license_validations where license_id = any($1) order by checked_at desc limit ${LATEST_CHECKS}`,
        [licenseIds],
      ),
    ]);
    const row = summary.rows[0]!;
    return {
      count: Number(row.count),
      first: isoOrNull(row.first),
      last: isoOrNull(row.last),
      latest: latest.rows.map((r) => ({
        checkedAt: iso(r.checked_at),
        code: r.code,
        pluginVersion: r.plugin_version,
        device: r.device_hash?.slice(0, 12) ?? null,
      })),
    };
  }

  private async devices(licenseIds: string[]) {
    if (licenseIds.length === 0) return [];
    const { rows } = await this.pool.query<{ name: string | null; plugin_version: string | null; activated_at: Date; released_at: Date | null }>(
      `select name, plugin_version, activated_at, released_at from rm_license_devices where license_id = any($1) order by activated_at limit ${LIST_LIMIT}`,
      [licenseIds],
    );
    return rows.map((r) => ({ name: r.name, pluginVersion: r.plugin_version, activatedAt: iso(r.activated_at), releasedAt: isoOrNull(r.released_at) }));
  }

  private async downloads(userId: string) {
    const { rows } = await this.pool.query<{ resource_id: string; file_name: string; version: number; downloads: number; last_downloaded_at: Date }>(
      `select resource_id, file_name, version, downloads, last_downloaded_at from rm_library_downloads where user_id = $1 order by last_downloaded_at limit ${LIST_LIMIT}`,
      [userId],
    );
    return rows.map((r) => ({
      resourceId: r.resource_id,
      fileName: r.file_name,
      version: r.version,
      downloads: r.downloads,
      lastDownloadedAt: iso(r.last_downloaded_at),
    }));
  }

  private async credits(userId: string): Promise<EvidenceFacts['credits']> {
    const { rows } = await this.pool.query<{ entries: string; credits: string | null; first: Date | null; last: Date | null }>(
      'select count(*) as entries, sum(credits) as credits, min(created_at) as first, max(created_at) as last from rm_credit_usage where user_id = $1',
      [userId],
    );
    const row = rows[0]!;
    return { entries: Number(row.entries), credits: Number(row.credits ?? 0), first: isoOrNull(row.first), last: isoOrNull(row.last) };
  }

  private async emails(address: string) {
    const { rows } = await this.pool.query<{ kind: string; delivered_at: Date }>(
      `select kind, delivered_at from email_deliveries where lower(to_address) = lower($1) order by delivered_at limit ${LIST_LIMIT}`,
      [address],
    );
    return rows.map((r) => ({ kind: r.kind, deliveredAt: iso(r.delivered_at) }));
  }
}
