import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { getBillingDetails, updateBillingDetails } from '../../../../../contracts/billing/billing-details.contract';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { EventStore } from '../../../events/event-store';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { Auth } from '../../auth';
import { ChargeDocumentsLog } from '../charge-documents.log';
import { ChargePayments } from '../charge-payments';
import { InvoicingQueries } from '../invoicing.queries';
import { CORRECTION_WINDOW_DAYS, correctionSince } from '../jobs/billing-corrections.reactor';
import { ChangeBillingDetails } from '../commands/change-billing-details.handler';
import { BillingDetailsChanged, billingDetailsStreamId } from './billing-details.events';
import { correctionPlan } from './correction-plan';

type Output<Fn extends Parameters<typeof ServerFn>[0]> = ServerFnOutput<Fn>;

/** The account's billing details in the dashboard: what invoices name, kept on its Stripe customer and in its stream. */
@Injectable()
export class BillingDetailsServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly payments: ChargePayments,
    private readonly documents: ChargeDocumentsLog,
    private readonly queries: InvoicingQueries,
  ) {}

  @ServerFn(getBillingDetails)
  async getBillingDetails(_input: unknown, context: ServerFnContext): Promise<Output<typeof getBillingDetails>> {
    const user = await this.auth.requireUser(context);
    const saved = (await this.store.readStream(billingDetailsStreamId(user.userId), [BillingDetailsChanged])).at(-1);
    if (saved) return { details: saved.data.buyer, taxIdStatus: saved.data.taxIdStatus };
    const details = await this.queries.latestBuyer(user.userId);
    const taxId = details?.taxIds[0];
    return { details, taxIdStatus: !taxId ? 'none' : taxId.verified ? 'verified' : 'unavailable' };
  }

  @ServerFn(updateBillingDetails)
  async updateBillingDetails(input: z.output<typeof updateBillingDetails.input>, context: ServerFnContext): Promise<Output<typeof updateBillingDetails>> {
    const user = await this.auth.requireUser(context);
    const { buyer, taxIdStatus, taxOrigin, changed, at } = await this.commands.execute(new ChangeBillingDetails(user, input, context.correlationId));
    if (!changed) return { details: buyer, taxIdStatus, changed, reissued: 0, vatReturned: 0 };
    // What the worker is about to do, told now: the same plan it follows, on the same documents.
    let reissued = 0;
    let vatReturned = 0;
    for (const charge of await this.payments.invoicedWithin(user.userId, at, CORRECTION_WINDOW_DAYS)) {
      const refundable = (await this.payments.paymentIntentOf(charge)) !== null;
      const plan = correctionPlan({ ...(await this.documents.of(charge)), buyer, taxOrigin, refundable, chargedSince: correctionSince(at) });
      if (plan.kind !== 'none') reissued += 1;
      if (plan.kind === 'reverse_charge') vatReturned += 1;
    }
    return { details: buyer, taxIdStatus, changed, reissued, vatReturned };
  }
}
