import type { Resource } from '../../../../contracts/catalog/resource';
import type { EventMetadata } from '../../events/event-metadata';

export interface PaidPurchase {
  checkoutRef: string;
  userId: string;
  resource: Resource;
  quantity: number;
  /** Taken back since (a refund or dispute that arrived first): follow it, then undo it. */
  takenBack: 'refund' | 'dispute' | null;
  /** The Checkout Session's metadata (what a module put there when it opened it) and payment. */
  stripeMetadata: Record<string, string>;
  paymentIntentId: string | null;
}

export interface TakenBack {
  checkoutRef: string;
  userId: string;
  resource: Resource | null;
  reason: 'refund' | 'dispute';
  stripeMetadata: Record<string, string>;
}

/** A checkout that ended without a payment: it expired, or its delayed payment failed. */
export interface ClosedUnpaid {
  checkoutRef: string;
  userId: string;
  reason: 'expired' | 'payment_failed';
  stripeMetadata: Record<string, string>;
}

/** What another module does when a one-time purchase is paid, or its payment taken back. */
export interface PurchaseFollower {
  purchased(purchase: PaidPurchase, metadata: EventMetadata): Promise<void>;
  takenBack(purchase: TakenBack, metadata: EventMetadata): Promise<void>;
  closedUnpaid?(checkout: ClosedUnpaid, metadata: EventMetadata): Promise<void>;
}

/**
 * Modules that build on payments (the credit ledger, booking) register here, so fulfilment can call them
 * without payments depending on them. Each follower must be idempotent: Stripe repeats itself.
 */
export class PurchaseFollowers {
  private readonly followers: PurchaseFollower[] = [];

  add(follower: PurchaseFollower): void {
    this.followers.push(follower);
  }

  async purchased(purchase: PaidPurchase, metadata: EventMetadata): Promise<void> {
    for (const follower of this.followers) await follower.purchased(purchase, metadata);
  }

  async takenBack(purchase: TakenBack, metadata: EventMetadata): Promise<void> {
    for (const follower of this.followers) await follower.takenBack(purchase, metadata);
  }

  async closedUnpaid(checkout: ClosedUnpaid, metadata: EventMetadata): Promise<void> {
    for (const follower of this.followers) await follower.closedUnpaid?.(checkout, metadata);
  }
}
