import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { readCustomerBooking } from '../booking';
import { CatalogQueries } from '../catalog';
import { holdsFreeGrant, readPurchase } from '../checkout';
import { readAccountLicense } from '../licenses';
import { isSubscriptionRunning } from '../subscriptions';
import { readCustomerContact } from './customer-directory.reads';
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
  constructor(
    private readonly orm: MikroORM,
    private readonly catalog: CatalogQueries,
  ) {}

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
    const row = await readAccountLicense(this.orm.em, userId, licenseId);
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
    const row = await readPurchase(this.orm.em, checkoutRef);
    if (!row || row.user_id !== userId || row.status === 'disputed') throw new ActionTargetNotFoundError('That payment');
    return {
      checkoutRef: row.checkout_ref,
      paymentIntentId: row.payment_intent_id,
      amountCents: row.amount_cents,
      refundedCents: row.refunded_cents,
      currency: row.currency,
    };
  }

  async email(userId: string): Promise<string | null> {
    return (await readCustomerContact(this.orm.em, userId)).email;
  }

  /** A booking of the customer's: its host (whose calendar holds it), status and refund once cancelled. */
  async booking(userId: string, bookingId: string): Promise<{ hostUserId: string; status: string; refund: string | null }> {
    const row = await readCustomerBooking(this.orm.em, userId, bookingId);
    if (!row) throw new ActionTargetNotFoundError('That booking');
    return { hostUserId: row.host_user_id, status: row.status, refund: row.refund };
  }

  private async liveSubscription(userId: string, subscriptionId: string): Promise<boolean> {
    return isSubscriptionRunning(this.orm.em, userId, subscriptionId);
  }

  private async resourceExists(resourceId: string): Promise<boolean> {
    return (await this.catalog.findByIds([resourceId])).length > 0;
  }

  /** A purchased resource is withdrawn by refunding its purchase; only free and support grants are revoked on their own. */
  private async hasGrantedResource(userId: string, resourceId: string): Promise<boolean> {
    return holdsFreeGrant(this.orm.em, userId, resourceId);
  }
}
