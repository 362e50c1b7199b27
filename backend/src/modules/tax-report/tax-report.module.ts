import { Module, type OnModuleInit } from '@nestjs/common';
import { EventRegistry } from '../../events/event-registry';
import { ProjectorRegistry } from '../../events/projector-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { CloseTaxQuarterHandler } from './commands/close-tax-quarter.handler';
import { TaxReportProjector } from './projections/tax-report.projector';
import { TaxReportCsvController } from './tax-report-csv.controller';
import { taxReportEvents } from './tax-report.events';
import { TaxReportQueries } from './tax-report.queries';
import { TaxReportServerFns } from './tax-report.server-fns';
import { taxReportStreamKinds } from './tax-report.stream-kinds';

/** The seller's tax report: rollups of the invoicing module's documents per quarter, and closing a quarter as filed. */
@Module({
  controllers: [TaxReportCsvController],
  providers: [TaxReportQueries, TaxReportServerFns, CloseTaxQuarterHandler],
})
export class TaxReportModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    // The invoicing module registers its own too: the same definitions, so registering twice is harmless.
    this.events.register(...taxReportEvents);
    this.streamKinds.add(...taxReportStreamKinds);
    this.projectors.register(new TaxReportProjector());
  }
}
