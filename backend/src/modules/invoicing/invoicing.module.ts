import { Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { BillingDocumentsController } from './billing-documents.controller';
import { ChargeDocumentsLog } from './charge-documents.log';
import { IssueCreditNoteHandler } from './commands/issue-credit-note.handler';
import { IssueInvoiceHandler } from './commands/issue-invoice.handler';
import { invoicingEvents } from './invoicing.events';
import { InvoicingQueries } from './invoicing.queries';
import { InvoicingServerFns } from './invoicing.server-fns';
import { invoicingStreamKinds } from './invoicing.stream-kinds';
import { InvoiceSeriesStreams } from './invoicing-streams';
import { InvoicingReactor } from './jobs/invoicing.reactor';
import { InvoiceDocumentsProjector } from './projections/invoice-documents.projector';
import { InvoiceSeller, sellerOf } from './seller';

/** Invoices and credit notes: one per charge and per refund, numbered by the log, with their views and the billing history. */
@Module({
  controllers: [BillingDocumentsController],
  providers: [
    { provide: InvoiceSeller, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new InvoiceSeller(sellerOf(config)) },
    { provide: InvoicingQueries, inject: [MikroORM], useFactory: (orm: MikroORM) => new InvoicingQueries(orm) },
    InvoiceSeriesStreams,
    ChargeDocumentsLog,
    IssueInvoiceHandler,
    IssueCreditNoteHandler,
    InvoicingServerFns,
  ],
})
export class InvoicingModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly streamKinds: StreamKinds,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.events.register(...invoicingEvents);
    this.streamKinds.add(...invoicingStreamKinds);
    this.projectors.register(new InvoiceDocumentsProjector());
    this.reactors.register(new InvoicingReactor(this.commands));
  }
}
