import { causeOf } from '../../../events/metadata-for';
import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import type { StripeClient } from '../../../integrations/stripe';
import { rootLogger } from '../../../platform/common/logger';
import type { ChargePayments } from '../charge-payments';
import { CreditNoteIssued } from '../invoicing.events';

type NoteEvent = Recorded<ReturnType<typeof CreditNoteIssued>>;

/**
 * Gives back the VAT a reverse-charge credit note returned, on the payment that paid the charge. It
 * runs from its checkpoint, so a crash between the note and Stripe only delays the refund; the
 * idempotency key is the note's number, and a charge Stripe already refunded in full counts as done.
 * Another refusal (the charge disputed, or refunded meanwhile below the VAT) would refuse every retry:
 * it is logged for support with the note's number instead of holding up the reactor.
 * Stripe's charge.refunded that follows adds no refund credit note: the note already gave this back.
 */
export class ReverseChargeRefundsReactor implements Reactor<NoteEvent> {
  readonly name = 'ReverseChargeRefundsReactor';
  readonly eventTypes = [CreditNoteIssued.type];

  constructor(
    private readonly stripe: StripeClient,
    private readonly payments: ChargePayments,
  ) {}

  async react(event: NoteEvent): Promise<void> {
    const note = event.data;
    if (note.reason !== 'reverse_charge' || note.taxCents <= 0) return;
    const paymentIntent = await this.payments.paymentIntentOf(note.charge);
    if (!paymentIntent) return;
    try {
      await this.stripe.api.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: note.taxCents,
          reason: 'requested_by_customer',
          metadata: { creditNote: note.number, invoice: note.invoiceNumber, cause: event.type, ...causeOf(event) },
        },
        { idempotencyKey: `reverse-charge-${note.number}` },
      );
    } catch (error) {
      const refused = error as { code?: string; type?: string; message?: string };
      if (refused.code === 'charge_already_refunded') return;
      if (refused.type !== 'StripeInvalidRequestError') throw error;
      rootLogger().error(
        { creditNote: note.number, code: refused.code, reason: refused.message },
        'Stripe refused the VAT refund of a reverse-charge credit note',
      );
    }
  }
}
