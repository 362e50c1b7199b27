import type { EntitlementSourceOrigin } from '../../../../contracts/entitlements/entitlement-sources';
import type { AccessHistory, AccessRecord, Of } from './access-events';
import type { SupportActionView } from './support-action-view';

export const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
export const count = (n: number) => n.toLocaleString('en-US');
export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** An account's access events by type, with the lookups every kind of entitlement shares: purchases, support actions, event links. */
export class AccessLog {
  private readonly byType = new Map<AccessRecord['type'], AccessRecord[]>();

  constructor(readonly history: AccessHistory) {
    for (const event of history.events) {
      const list = this.byType.get(event.type) ?? [];
      list.push(event);
      this.byType.set(event.type, list);
    }
  }

  all<T extends AccessRecord['type']>(type: T): Of<T>[] {
    return (this.byType.get(type) ?? []).filter((event): event is Of<T> => event.type === type);
  }

  ref(event: { position: bigint; type: string; recordedAt: Date }) {
    return { position: event.position.toString(), type: event.type, at: event.recordedAt.toISOString() };
  }

  /** The support action that caused an event, if one did. */
  actionBehind(event: AccessRecord): SupportActionView | null {
    const causationId = event.metadata.causationId;
    return causationId ? (this.history.supportActions.get(causationId) ?? null) : null;
  }

  origin(event: AccessRecord, otherwise: () => EntitlementSourceOrigin): EntitlementSourceOrigin {
    const action = this.actionBehind(event);
    if (!action) return otherwise();
    return { kind: 'admin', at: action.at, actionId: action.actionId, actorId: action.actorId, actorRole: action.actorRole, reason: action.reason };
  }

  /** The events of a grant, its support action among them, in log order. */
  refs(events: AccessRecord[]) {
    const refs = events.map((event) => this.ref(event));
    for (const event of events) {
      const action = this.actionBehind(event);
      if (action) refs.push({ position: action.position, type: 'SupportActionRecorded', at: action.at });
    }
    const unique = new Map(refs.map((r) => [r.position, r]));
    return [...unique.values()].sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
  }

  purchase(checkoutRef: string | null) {
    return checkoutRef ? this.all('PurchaseCompleted').find((p) => p.data.checkoutRef === checkoutRef) : undefined;
  }

  purchaseEvents(checkoutRef: string | null): AccessRecord[] {
    if (!checkoutRef) return [];
    return [
      ...this.all('PurchaseCompleted').filter((e) => e.data.checkoutRef === checkoutRef),
      ...this.all('PurchaseRefunded').filter((e) => e.data.checkoutRef === checkoutRef),
      ...this.all('PurchaseDisputed').filter((e) => e.data.checkoutRef === checkoutRef),
    ];
  }

  purchaseSource(purchase: Of<'PurchaseCompleted'>): EntitlementSourceOrigin {
    const { data } = purchase;
    return {
      kind: 'purchase',
      at: data.completedAt,
      title: data.title,
      amountCents: data.amountCents,
      currency: data.currency,
      // Stripe's refunded amount is the charge's running total: the latest is all of it.
      refundedCents: Math.max(
        0,
        ...this.all('PurchaseRefunded')
          .filter((e) => e.data.checkoutRef === data.checkoutRef)
          .map((e) => e.data.amountRefundedCents),
      ),
      checkoutRef: data.checkoutRef,
      checkoutSessionId: data.checkoutSessionId,
      paymentIntentId: data.paymentIntentId,
      subscriptionId: data.subscriptionId,
    };
  }

  /** A subscription's purchase: its checkout if we have it, else its first paid invoice. */
  subscriptionSource(subscriptionId: string, grantedAt: string): EntitlementSourceOrigin {
    const checkout = this.all('PurchaseCompleted').find((p) => p.data.subscriptionId === subscriptionId);
    if (checkout) return this.purchaseSource(checkout);
    const started = this.all('SubscriptionStarted').find((s) => s.data.subscriptionId === subscriptionId);
    const invoice = this.all('SubscriptionRenewed').find((r) => r.data.subscriptionId === subscriptionId);
    if (!started && !invoice) return { kind: 'unrecorded', at: grantedAt };
    return {
      kind: 'purchase',
      at: invoice?.data.at ?? started!.data.startedAt,
      title: invoice?.data.title ?? started!.data.title,
      amountCents: invoice?.data.amountCents ?? 0,
      currency: invoice?.data.currency ?? 'usd',
      refundedCents: 0,
      checkoutRef: null,
      checkoutSessionId: null,
      paymentIntentId: null,
      subscriptionId,
    };
  }

  subscriptionEvents(subscriptionId: string): AccessRecord[] {
    return [
      ...this.all('SubscriptionStarted'),
      ...this.all('SubscriptionRenewed'),
      ...this.all('SubscriptionPastDue'),
      ...this.all('SubscriptionCancellationScheduled'),
      ...this.all('SubscriptionCancelled'),
      ...this.all('SubscriptionPlanChanged'),
    ].filter((e) => e.data.subscriptionId === subscriptionId);
  }
}
