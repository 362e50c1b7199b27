import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { adminCloseTaxQuarter, adminGetTaxReport } from '../../../../contracts/admin/tax-report.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { CloseTaxQuarter, type QuarterClosed } from './commands/close-tax-quarter.handler';
import { TaxReportQueries } from './tax-report.queries';

/** The seller's tax report in /admin: the owner's alone (it is the business's books), support is refused. */
@Injectable()
export class TaxReportServerFns {
  constructor(
    private readonly queries: TaxReportQueries,
    private readonly commands: CommandBus,
  ) {}

  @ServerFn(adminGetTaxReport, { admin: { role: 'owner', audit: { kind: 'reads' } } })
  adminGetTaxReport(input: z.output<typeof adminGetTaxReport.input>): Promise<ServerFnOutput<typeof adminGetTaxReport>> {
    return this.queries.report(input.quarter, new Date());
  }

  @ServerFn(adminCloseTaxQuarter, {
    // Owner: closing files the quarter for good.
    admin: {
      role: 'owner',
      audit: {
        kind: 'recorded',
        target: (input) => `tax-quarter-${input.quarter}`,
        outcome: (output) => `Closed ${output.quarter} (sha256 ${output.checksum.slice(0, 12)})`,
      },
    },
  })
  adminCloseTaxQuarter(input: z.output<typeof adminCloseTaxQuarter.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminCloseTaxQuarter>> {
    const metadata = requestMetadata(context.correlationId, { kind: 'admin', userId: adminCallerOf(context).id });
    return this.commands.execute(new CloseTaxQuarter(input.quarter, metadata, new Date().toISOString())) as Promise<QuarterClosed>;
  }
}
