import { Injectable } from '@nestjs/common';
import {
  getBillingDocument,
  getBillingHistory,
  getChargeInvoice,
  type BillingCharge,
  type BillingDocument,
} from '../../../../contracts/billing/billing.contract';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import { BillingDocumentNotFoundError } from './invoicing.errors';
import { InvoicingQueries } from './invoicing.queries';

/** The signed-in account's billing history and its documents: the owner's only (a seat holder sees none of the owner's). */
@Injectable()
export class InvoicingServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly queries: InvoicingQueries,
  ) {}

  @ServerFn(getBillingHistory)
  async getBillingHistory(_input: unknown, context: ServerFnContext): Promise<{ charges: BillingCharge[] }> {
    const user = await this.auth.requireUser(context);
    return { charges: await this.queries.history(user.userId) };
  }

  @ServerFn(getBillingDocument)
  async getBillingDocument(input: { number: string }, context: ServerFnContext): Promise<BillingDocument> {
    const user = await this.auth.requireUser(context);
    const document = await this.queries.document(user.userId, input.number);
    if (!document) throw new BillingDocumentNotFoundError();
    return document;
  }

  @ServerFn(getChargeInvoice)
  async getChargeInvoice(input: { kind: string; id: string }, context: ServerFnContext): Promise<{ number: string | null }> {
    const user = await this.auth.requireUser(context);
    return { number: await this.queries.invoiceOfCharge(user.userId, input.kind, input.id) };
  }
}
