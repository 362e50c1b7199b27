import { Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { StripeClient, StripeModule } from '../../integrations/stripe';
import { BillingDetailsChanged } from './billing-details/billing-details.events';
import { BillingDetailsServerFns } from './billing-details/billing-details.server-fns';
import { StripeBillingDetails } from './billing-details/stripe-billing-details';
import { BillingDocumentsController } from './billing-documents.controller';
import { ChargePayments } from './charge-payments';
import { ChangeBillingDetailsHandler } from './commands/change-billing-details.handler';
import { CorrectInvoiceHandler } from './commands/correct-invoice.handler';
import { ChargeDocumentsLog } from './charge-documents.log';
import { IssueCreditNoteHandler } from './commands/issue-credit-note.handler';
import { IssueInvoiceHandler } from './commands/issue-invoice.handler';
import { invoicingEvents } from './invoicing.events';
import { InvoicingQueries } from './invoicing.queries';
import { InvoicingServerFns } from './invoicing.server-fns';
import { invoicingStreamKinds } from './invoicing.stream-kinds';
import { InvoiceSeriesStreams } from './invoicing-streams';
import { BillingCorrectionsReactor } from './jobs/billing-corrections.reactor';
import { InvoicingReactor } from './jobs/invoicing.reactor';
import { ReverseChargeRefundsReactor } from './jobs/reverse-charge-refunds.reactor';
import { InvoiceDocumentsProjector } from './projections/invoice-documents.projector';
import { InvoiceSeller, sellerOf } from './seller';

/**
 * Invoices and credit notes: one per charge and per refund, numbered by the log, with their views
 * and the billing history; and the account's billing details, whose change reissues recent invoices.
 */
@Module({
  imports: [StripeModule],
  controllers: [BillingDocumentsController],
  providers: [
    { provide: InvoiceSeller, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new InvoiceSeller(sellerOf(config)) },
    { provide: InvoicingQueries, inject: [MikroORM], useFactory: (orm: MikroORM) => new InvoicingQueries(orm) },
    { provide: ChargePayments, inject: [MikroORM, StripeClient], useFactory: (orm: MikroORM, stripe: StripeClient) => new ChargePayments(orm, stripe) },
    { provide: StripeBillingDetails, inject: [StripeClient], useFactory: (stripe: StripeClient) => new StripeBillingDetails(stripe) },
    InvoiceSeriesStreams,
    ChargeDocumentsLog,
    IssueInvoiceHandler,
    IssueCreditNoteHandler,
    CorrectInvoiceHandler,
    ChangeBillingDetailsHandler,
    InvoicingServerFns,
    BillingDetailsServerFns,
  ],
})
export class InvoicingModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly streamKinds: StreamKinds,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly commands: CommandBus,
    private readonly payments: ChargePayments,
    private readonly stripe: StripeClient,
  ) {}

  onModuleInit(): void {
    this.events.register(...invoicingEvents, BillingDetailsChanged);
    this.streamKinds.add(...invoicingStreamKinds);
    this.projectors.register(new InvoiceDocumentsProjector());
    this.reactors.register(new InvoicingReactor(this.commands));
    this.reactors.register(new BillingCorrectionsReactor(this.commands, this.payments));
    this.reactors.register(new ReverseChargeRefundsReactor(this.stripe, this.payments));
  }
}
