import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { EVENTS_POOL } from '../../events/events.tokens';
import {
  ActionTargetNotFoundError,
  ExtendLifetimeError,
  ExtendNotLaterError,
  ExtendToPastError,
  RefundCurrencyMismatchError,
  RefundTooLargeError,
} from './support-actions.errors';
import type { SupportActionRequest } from './support-actions.events';

export interface LicenseTarget {
  licenseId: string;
  plan: string;
  status: string;
  kind: string;
  keySealed: string;
  seats: number;
  extendedUntil: Date | null;
}

export interface PurchaseTarget {
  checkoutRef: string;
  paymentIntentId: string | null;
  amountCents: number;
  refundedCents: number;
  currency: string;
}

/**
 * What a support action names, read from the read models before anything is recorded, so an
 * action on a license, purchase or resource the account does not have is refused with a 4xx.
 */
@Injectable()
export class SupportActionTargets {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async check(action: SupportActionRequest): Promise<void> {
    switch (action.kind) {
      case 'resend_license_email':
        await this.license(action.userId, action.details.licenseId);
        return;
      case 'extend_license': {
        if (Date.parse(action.details.until) <= Date.now()) throw new ExtendToPastError();
        const license = await this.licenseInForce(action.userId, action.details.licenseId);
        if (license.kind !== 'subscription') throw new ExtendLifetimeError();
        if (license.extendedUntil && license.extendedUntil.getTime() >= Date.parse(action.details.until))
          throw new ExtendNotLaterError(license.extendedUntil.toISOString());
        return;
      }
      case 'revoke_license':
        await this.licenseInForce(action.userId, action.details.licenseId);
        return;
      case 'grant_resource':
        if (!(await this.resourceExists(action.details.resourceId))) throw new ActionTargetNotFoundError('That resource');
        return;
      case 'revoke_resource':
        if (!(await this.hasGrantedResource(action.userId, action.details.resourceId)))
          throw new ActionTargetNotFoundError('A free or support grant of that resource');
        return;
      case 'refund': {
        const purchase = await this.purchase(action.userId, action.details.checkoutRef);
        if (action.details.currency.toLowerCase() !== purchase.currency.toLowerCase())
          throw new RefundCurrencyMismatchError(action.details.currency, purchase.currency);
        const left = purchase.amountCents - purchase.refundedCents;
        if (action.details.amount > left) throw new RefundTooLargeError(left);
        return;
      }
      case 'grant_credits':
        return;
      case 'cancel_subscription':
        if (!(await this.liveSubscription(action.userId, action.details.subscriptionId))) throw new ActionTargetNotFoundError('A subscription still running');
        return;
      case 'cancel_booking':
        if ((await this.booking(action.userId, action.details.bookingId)).status !== 'confirmed') throw new ActionTargetNotFoundError('A confirmed booking');
        return;
      default: {
        const unreachable: never = action;
        return unreachable;
      }
    }
  }

  async license(userId: string, licenseId: string): Promise<LicenseTarget> {
    const { rows } = await this.pool.query<{
      license_id: string;
      plan: string;
      status: string;
      kind: string;
      key_sealed: string;
      seats: number;
      extended_until: Date | null;
    }>('select license_id, plan, status, kind, key_sealed, seats, extended_until from rm_licenses where license_id = $1 and user_id = $2', [licenseId, userId]);
    const row = rows[0];
    if (!row) throw new ActionTargetNotFoundError('That license');
    return {
      licenseId: row.license_id,
      plan: row.plan,
      status: row.status,
      kind: row.kind,
      keySealed: row.key_sealed,
      seats: row.seats,
      extendedUntil: row.extended_until,
    };
  }

  private async licenseInForce(userId: string, licenseId: string): Promise<LicenseTarget> {
    const license = await this.license(userId, licenseId);
    if (license.status === 'revoked') throw new ActionTargetNotFoundError('A license still in force');
    return license;
  }

  async purchase(userId: string, checkoutRef: string): Promise<PurchaseTarget> {
    const { rows } = await this.pool.query<{
      checkout_ref: string;
      payment_intent_id: string | null;
      amount_cents: number;
      refunded_cents: number;
      currency: string;
    }>(
      `select checkout_ref, payment_intent_id, amount_cents, refunded_cents, currency from rm_purchases
       where checkout_ref = $1 and user_id = $2 and status <> 'disputed'`,
      [checkoutRef, userId],
    );
    const row = rows[0];
    if (!row) throw new ActionTargetNotFoundError('That payment');
    return {
      checkoutRef: row.checkout_ref,
      paymentIntentId: row.payment_intent_id,
      amountCents: row.amount_cents,
      refundedCents: row.refunded_cents,
      currency: row.currency,
    };
  }

  async email(userId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ email: string | null }>('select email from rm_customer_directory where user_id = $1', [userId]);
    return rows[0]?.email ?? null;
  }

  /** A booking of the customer's: its host (whose calendar holds it), status and refund once cancelled. */
  async booking(userId: string, bookingId: string): Promise<{ hostUserId: string; status: string; refund: string | null }> {
    const { rows } = await this.pool.query<{ host_user_id: string; status: string; refund: string | null }>(
      'select host_user_id, status, refund from rm_session_bookings where booking_id = $1 and customer_user_id = $2',
      [bookingId, userId],
    );
    if (!rows[0]) throw new ActionTargetNotFoundError('That booking');
    return { hostUserId: rows[0].host_user_id, status: rows[0].status, refund: rows[0].refund };
  }

  private async liveSubscription(userId: string, subscriptionId: string): Promise<boolean> {
    const { rows } = await this.pool.query("select 1 from rm_subscriptions where subscription_id = $1 and user_id = $2 and status <> 'cancelled'", [
      subscriptionId,
      userId,
    ]);
    return rows.length > 0;
  }

  private async resourceExists(resourceId: string): Promise<boolean> {
    const { rows } = await this.pool.query('select 1 from resources where id = $1', [resourceId]);
    return rows.length > 0;
  }

  /** A purchased resource is withdrawn by refunding its purchase; only free and support grants are revoked on their own. */
  private async hasGrantedResource(userId: string, resourceId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      "select 1 from rm_resource_access where user_id = $1 and resource_id = $2 and source = 'free' and revoked_at is null",
      [userId, resourceId],
    );
    return rows.length > 0;
  }
}
