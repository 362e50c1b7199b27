import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { readPurchase } from '../checkout';
import { readCreditUsageSummary } from '../credits';
import { readLicensesDevices } from '../devices';
import { readDeliveriesTo } from '../email';
import { readAccountDownloads } from '../library';
import { readAccountLicenses } from '../licenses';
import { readCheckSummary, readLatestChecks } from '../licenses';
import { readCustomerContact } from '../support';
import type { EvidenceFacts } from './dispute-evidence';

/** Enough of each list for a reviewer; the counts and date ranges cover the rest. */
const LATEST_CHECKS = 20;
const LIST_LIMIT = 50;

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value === null ? null : iso(value));

/**
 * What the owning modules let others read about a disputed purchase's account: the purchase, its
 * licenses' plugin checks and devices, library downloads, credits used and emails delivered.
 */
@Injectable()
export class EvidenceFactsQueries {
  constructor(private readonly orm: MikroORM) {}

  async factsFor(userId: string, checkoutRef: string | null): Promise<EvidenceFacts> {
    const purchase = checkoutRef ? await this.purchase(checkoutRef) : null;
    const customer = await readCustomerContact(this.orm.em, userId);
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
    const row = await readPurchase(this.orm.em, checkoutRef);
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

  /** The purchase's own license (a lifetime one, or its subscription's); else every license of the account. */
  private async licenses(userId: string, checkoutRef: string | null, subscriptionId: string | null) {
    const all = await readAccountLicenses(this.orm.em, userId);
    const own = all.filter(
      (l) =>
        (checkoutRef === null && subscriptionId === null) ||
        (checkoutRef !== null && l.checkout_ref === checkoutRef) ||
        (subscriptionId !== null && l.subscription_id === subscriptionId),
    );
    return own
      .reverse()
      .slice(0, LIST_LIMIT)
      .map((r) => ({ licenseId: r.license_id, keyHint: r.key_hint, plan: r.plan, grantedAt: iso(r.granted_at) }));
  }

  private async checks(licenseIds: string[]): Promise<EvidenceFacts['checks']> {
    const [summary, latest] = await Promise.all([readCheckSummary(this.orm.em, licenseIds), readLatestChecks(this.orm.em, licenseIds, LATEST_CHECKS)]);
    return {
      count: summary.count,
      first: isoOrNull(summary.first),
      last: isoOrNull(summary.last),
      latest: latest.map((r) => ({
        checkedAt: iso(r.checked_at),
        code: r.code,
        pluginVersion: r.plugin_version,
        device: r.device_hash?.slice(0, 12) ?? null,
      })),
    };
  }

  private async devices(licenseIds: string[]) {
    const newestFirst = await readLicensesDevices(this.orm.em, licenseIds);
    return newestFirst
      .reverse()
      .slice(0, LIST_LIMIT)
      .map((r) => ({ name: r.name, pluginVersion: r.plugin_version, activatedAt: iso(r.activated_at), releasedAt: isoOrNull(r.released_at) }));
  }

  private async downloads(userId: string) {
    return (await readAccountDownloads(this.orm.em, userId, LIST_LIMIT)).map((r) => ({
      resourceId: r.resource_id,
      fileName: r.file_name,
      version: r.version,
      downloads: r.downloads,
      lastDownloadedAt: iso(r.last_downloaded_at),
    }));
  }

  private async credits(userId: string): Promise<EvidenceFacts['credits']> {
    const usage = await readCreditUsageSummary(this.orm.em, userId);
    return { entries: usage.entries, credits: usage.credits, first: isoOrNull(usage.first), last: isoOrNull(usage.last) };
  }

  private async emails(address: string) {
    return (await readDeliveriesTo(this.orm.em, address, 'oldest', LIST_LIMIT)).map((r) => ({ kind: r.kind, deliveredAt: iso(r.delivered_at) }));
  }
}
