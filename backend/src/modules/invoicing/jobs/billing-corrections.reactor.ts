import type { CommandBus } from '@nestjs/cqrs';
import { causedBy } from '../../../events/metadata-for';
import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import { BillingDetailsChanged } from '../billing-details/billing-details.events';
import type { ChargePayments } from '../charge-payments';
import { CorrectInvoice } from '../commands/correct-invoice.handler';

/** How far back new billing details reach: the invoices of charges made in these days are reissued (and the VAT on them returned). */
export const CORRECTION_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** The start of the window for details changed at `changedAt`. */
export const correctionSince = (changedAt: string) => new Date(Date.parse(changedAt) - CORRECTION_WINDOW_DAYS * DAY_MS).toISOString();

/**
 * New billing details reissue the invoices of the charges of the 30 days before: each gets a credit
 * note and a new invoice naming the new details (the correction's own idempotence makes a batch
 * retried after a crash finish what it began, not do it twice).
 */
export class BillingCorrectionsReactor implements Reactor<Recorded<ReturnType<typeof BillingDetailsChanged>>> {
  readonly name = 'BillingCorrectionsReactor';
  readonly eventTypes = [BillingDetailsChanged.type];

  constructor(
    private readonly commands: CommandBus,
    private readonly payments: ChargePayments,
  ) {}

  async react(event: Recorded<ReturnType<typeof BillingDetailsChanged>>): Promise<void> {
    const { userId, buyer, taxOrigin, changedAt } = event.data;
    const since = correctionSince(changedAt);
    for (const charge of await this.payments.invoicedWithin(userId, changedAt, CORRECTION_WINDOW_DAYS)) {
      const refundable = (await this.payments.paymentIntentOf(charge)) !== null;
      await this.commands.execute(new CorrectInvoice(charge, buyer, taxOrigin, refundable, since, causedBy(event), changedAt));
    }
  }
}
