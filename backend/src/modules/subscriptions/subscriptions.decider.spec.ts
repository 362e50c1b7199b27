import type { ChargeTax } from '../../../../contracts/billing/charge-tax';
import { deciderSpec } from '../../../../test/support/decider-spec';
import type { NewEvent } from '../../events/event-registry';
import { subscriptionDecider as decider, type InvoiceFacts, type SubscriptionCommand, type SubscriptionSnapshot } from './subscriptions.decider';

const spec = deciderSpec(decider);
const AT = '2026-11-23T12:00:00.000Z';
const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  userId: 'user_1',
  email: 'ada@example.com',
  resourceId: 'pro-monthly',
  plan: 'pro',
  title: 'Pro',
  customerId: 'cus_1',
  quantity: 1,
  licenseId: 'lic_1',
  status: 'active',
  currentPeriodEnd: '2026-12-23T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  cancelAt: null,
  endedAt: null,
  createdAt: AT,
  ...overrides,
});
/** A French business's renewal under the reverse charge, as the invoice's total taxes said it. */
const reverseCharged: ChargeTax = {
  currency: 'usd',
  subtotalCents: 1900,
  taxCents: 0,
  totalCents: 1900,
  reverseCharge: true,
  lines: [{ country: 'FR', state: null, taxType: 'vat', percentage: 0, taxabilityReason: 'reverse_charge', taxableAmountCents: 1900, amountCents: 0 }],
  buyer: { name: 'Marie Curie', businessName: null, address: null, taxIds: [{ type: 'eu_vat', value: 'FR40303265045', verified: true }] },
};
const invoice = (id: string, reason = 'subscription_cycle', periodEnd: string | null = '2027-01-23T12:00:00.000Z'): InvoiceFacts => ({
  invoiceId: id,
  discount: null,
  billingReason: reason,
  amountCents: 1900,
  currency: 'usd',
  payUrl: `https://invoice/${id}`,
  nextAttemptAt: null,
  periodStart: null,
  periodEnd,
  invoiceNumber: null,
  tax: reverseCharged,
});
const paid = (id: string, s = snapshot(), reason?: string): SubscriptionCommand => ({
  type: 'RecordPaidInvoice',
  snapshot: s,
  invoice: invoice(id, reason),
  at: AT,
});
const failed = (id: string, s = snapshot({ status: 'past_due' })): SubscriptionCommand => ({
  type: 'RecordFailedInvoice',
  snapshot: s,
  invoice: invoice(id),
  at: AT,
});
const sync = (s: SubscriptionSnapshot): SubscriptionCommand => ({ type: 'SyncSubscription', snapshot: s, at: AT });

const types = (events: NewEvent[]) => events.map((e) => e.type);

describe("a subscription, from Stripe's invoices and its current state", () => {
  it('records what a paid invoice charged for the books on its renewal', () => {
    spec
      .given([])
      .when(sync(snapshot()), paid('in_1', snapshot(), 'subscription_cycle'))
      .then((events) => expect(events.find((e) => e.type === 'SubscriptionRenewed')!.data).toMatchObject({ invoiceId: 'in_1', tax: reverseCharged }));
  });

  it('starts from whichever event comes first, and counts each paid invoice once', () => {
    spec
      .given([])
      .when(paid('in_1', snapshot(), 'subscription_create'), sync(snapshot()), paid('in_1', snapshot(), 'subscription_create'))
      .then((events) => expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionRenewed']));
    spec
      .given([])
      .when(sync(snapshot()), paid('in_1', snapshot(), 'subscription_create'))
      .then((events) => expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionRenewed']));
  });

  // The pending payment itself is checkout's read of these events (test/integration/projections/purchases.projector.test.ts).
  it('a failed renewal makes it past due, waiting to be paid; paying that invoice settles it', () => {
    spec
      .given([])
      .when(sync(snapshot()), failed('in_2'), failed('in_2'))
      .then((events, state) => {
        expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionPastDue']);
        expect(events[1]!.data).toMatchObject({ invoiceId: 'in_2', amountDueCents: 1900, payUrl: 'https://invoice/in_2' });
        expect(state).toMatchObject({ status: 'started', unpaidInvoices: ['in_2'] });
      });
    spec
      .given([])
      .when(sync(snapshot()), failed('in_2'), failed('in_2'), paid('in_2'), paid('in_2'))
      .then((events, state) => {
        expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionPastDue', 'SubscriptionRenewed']);
        expect(state).toMatchObject({ status: 'started', unpaidInvoices: [] });
      });
  });

  it('a paid or failed invoice names the plan, seats, period and number it bills (the money trail)', () => {
    const billed = { invoice: { ...invoice('in_3'), periodStart: '2026-12-23T12:00:00.000Z', invoiceNumber: 'ABC-0002' } };
    spec
      .given([])
      .when(sync(snapshot()), { ...failed('in_3'), ...billed }, { ...paid('in_3'), ...billed })
      .then((events) => {
        const expected = {
          resourceId: snapshot().resourceId,
          quantity: 1,
          periodStart: '2026-12-23T12:00:00.000Z',
          periodEnd: '2027-01-23T12:00:00.000Z',
          invoiceNumber: 'ABC-0002',
        };
        expect(events.find((e) => e.type === 'SubscriptionPastDue')!.data).toMatchObject(expected);
        expect(events.find((e) => e.type === 'SubscriptionRenewed')!.data).toMatchObject(expected);
      });
  });

  it('a failure reported after the same invoice was paid changes nothing', () => {
    spec
      .given([])
      .when(sync(snapshot()), paid('in_2'), failed('in_2'))
      .then((events) => expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionRenewed']));
  });

  it('schedules and unschedules cancellation, then cancels once, lapsing what was still unpaid', () => {
    const scheduled = snapshot({ cancelAtPeriodEnd: true });
    const ended = snapshot({ status: 'canceled', endedAt: AT });
    spec
      .given([])
      .when(sync(snapshot()), sync(scheduled), sync(scheduled), sync(snapshot()), failed('in_3'), sync(ended), sync(ended), paid('in_4', ended))
      .then((events, state) => {
        expect(types(events)).toEqual([
          'SubscriptionStarted',
          'SubscriptionCancellationScheduled',
          'SubscriptionCancellationScheduled',
          'SubscriptionPastDue',
          'SubscriptionCancelled',
        ]);
        expect(events.at(-1)!.data).toMatchObject({ unpaidInvoiceIds: ['in_3'], endedAt: AT });
        expect(state.status).toBe('cancelled');
      });
  });

  describe('a refund of the charge that paid one of its invoices', () => {
    const refund = (invoiceId: string, amountRefundedCents: number, full = false): SubscriptionCommand => ({
      type: 'RecordInvoiceRefund',
      refund: {
        subscriptionId: 'sub_1',
        invoiceId,
        billingReason: 'subscription_cycle',
        checkoutRef: 'chk_1',
        chargeId: `ch_${invoiceId}`,
        amountRefundedCents,
        currency: 'usd',
        full,
      },
      at: AT,
    });
    const refunds = (events: NewEvent[]) =>
      events.filter((e) => e.type === 'SubscriptionInvoiceRefunded').map((e) => e.data as { invoiceId: string; amountRefundedCents: number; full: boolean });

    it('records each amount refunded once, however often Stripe says so, and an earlier amount after a later one not at all', () => {
      spec
        .givenCommands(sync(snapshot()), paid('in_1'), paid('in_2'))
        .when(refund('in_1', 500), refund('in_1', 500), refund('in_2', 300), refund('in_1', 1900, true), refund('in_1', 500), refund('in_1', 1900, true))
        .then((events) =>
          expect(refunds(events)).toEqual([
            expect.objectContaining({ invoiceId: 'in_1', amountRefundedCents: 500, full: false }),
            expect.objectContaining({ invoiceId: 'in_2', amountRefundedCents: 300, full: false }),
            expect.objectContaining({ invoiceId: 'in_1', amountRefundedCents: 1900, full: true }),
          ]),
        );
    });

    it('names the subscriber, the invoice, the charge and the checkout that started the subscription', () => {
      spec
        .givenCommands(sync(snapshot()), paid('in_1'))
        .when(refund('in_1', 500))
        .then((events) =>
          expect(events).toEqual([
            expect.objectContaining({
              type: 'SubscriptionInvoiceRefunded',
              data: {
                subscriptionId: 'sub_1',
                userId: 'user_1',
                invoiceId: 'in_1',
                billingReason: 'subscription_cycle',
                checkoutRef: 'chk_1',
                chargeId: 'ch_in_1',
                amountRefundedCents: 500,
                currency: 'usd',
                full: false,
                at: AT,
              },
            }),
          ]),
        );
    });

    it('records nothing for an invoice not recorded as paid, nor on a stream not started (the handler retries them)', () => {
      spec.given([]).when(refund('in_1', 500)).then([]);
      spec.givenCommands(sync(snapshot()), failed('in_3')).when(refund('in_3', 500)).then([]);
    });

    it('still records a refund once the subscription has ended', () => {
      spec
        .givenCommands(sync(snapshot()), paid('in_1'), sync(snapshot({ status: 'canceled', endedAt: AT })))
        .when(refund('in_1', 1900, true), refund('in_1', 1900, true))
        .then((events, state) => {
          expect(refunds(events)).toEqual([expect.objectContaining({ invoiceId: 'in_1', amountRefundedCents: 1900, full: true })]);
          expect(state.status).toBe('cancelled');
        });
    });
  });

  describe('moved to another plan or number of seats', () => {
    const pro = snapshot({ resourceId: 'pro-monthly', plan: 'pro', title: 'Pro' });
    const starter = snapshot({ resourceId: 'starter-monthly', plan: 'starter', title: 'Starter' });

    it("records the change once, from what it billed before, whichever of Stripe's events tells it first", () => {
      spec
        .given([])
        .when(sync(starter), sync(pro), paid('in_up', pro, 'subscription_update'), sync(pro))
        .then((events) => {
          expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionPlanChanged', 'SubscriptionRenewed']);
          expect(events[1]!.data).toMatchObject({ fromResourceId: 'starter-monthly', fromQuantity: 1, resourceId: 'pro-monthly', plan: 'pro', quantity: 1 });
        });
    });

    it('a change of seats alone is a plan change too', () => {
      spec
        .given([])
        .when(sync(pro), sync({ ...pro, quantity: 3 }))
        .then((events) => expect(events[1]).toMatchObject({ type: 'SubscriptionPlanChanged', data: { fromQuantity: 1, quantity: 3 } }));
    });

    it('a subscription that started on a plan records no change for it', () => {
      spec
        .given([])
        .when(sync(pro), sync(pro))
        .then((events) => expect(types(events)).toEqual(['SubscriptionStarted']));
    });
  });
});

describe('a subscription that starts with a free trial', () => {
  const trial = { end: '2026-11-30T12:00:00.000Z', amountCents: 3900, currency: 'usd', cardFingerprint: 'fp1' };
  const trialing = snapshot({ status: 'trialing', currentPeriodEnd: trial.end, trial });
  const types = (events: NewEvent[]) => events.map((e) => e.type);

  it('records the trial once, with its end, its charge and its card', () => {
    spec
      .given([])
      .when(sync(trialing), sync(trialing))
      .then((events) => {
        expect(types(events)).toEqual(['SubscriptionStarted', 'SubscriptionTrialStarted']);
        expect(events[1]!.data).toMatchObject({ trialEnd: trial.end, amountCents: 3900, currency: 'usd', cardFingerprint: 'fp1' });
      });
  });

  it('records Stripe’s trial_will_end once, and not for a trial set to cancel (nothing will be charged)', () => {
    const ending: SubscriptionCommand = { type: 'RecordTrialEnding', snapshot: trialing, at: AT };
    spec
      .given([])
      .when(sync(trialing), ending, ending)
      .then((events) => expect(types(events).filter((t) => t === 'SubscriptionTrialEnding')).toHaveLength(1));
    const cancelling = snapshot({ status: 'trialing', trial, cancelAtPeriodEnd: true, cancelAt: trial.end });
    spec
      .given([])
      .when(sync(cancelling), { type: 'RecordTrialEnding', snapshot: cancelling, at: AT })
      .then((events) => expect(types(events)).not.toContain('SubscriptionTrialEnding'));
  });

  it('records a refusal (the card had another trial) once, naming the first trial', () => {
    const refuse: SubscriptionCommand = { type: 'RecordTrialRefusal', snapshot: trialing, firstSubscriptionId: 'sub_0', at: AT };
    spec
      .given([])
      .when(sync(trialing), refuse, refuse)
      .then((events) => {
        const refusals = events.filter((e) => e.type === 'SubscriptionTrialRefused');
        expect(refusals.map((e) => e.data)).toEqual([
          expect.objectContaining({ reason: 'card_already_used', firstSubscriptionId: 'sub_0', amountCents: 3900 }),
        ]);
      });
  });

  it('records no trial for a subscription that is not trialing', () => {
    spec
      .given([])
      .when(sync(snapshot({ trial: null })))
      .then((events) => expect(types(events)).toEqual(['SubscriptionStarted']));
  });
});
