import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AdminRoute, type AdminRouteDeclaration } from '../../server-fn/admin-route';
import { csvChecksum, renderOssCsv } from './oss-csv';
import { isQuarter } from './quarters';
import { NoSuchQuarterError } from './tax-report.errors';
import { TaxReportQueries } from './tax-report.queries';

const DOWNLOAD_CSV: AdminRouteDeclaration = { name: 'downloadTaxReportCsv', role: 'owner', audit: 'reads' };

/**
 * GET /admin/tax-report/:quarter.csv: the quarter in the shape of the OSS return. A closed
 * quarter answers the bytes frozen when it was closed (its checksum in `x-checksum-sha256`);
 * an open one, its report as known now.
 */
@Controller('admin/tax-report')
export class TaxReportCsvController {
  constructor(private readonly queries: TaxReportQueries) {}

  @Get(':file')
  @AdminRoute(DOWNLOAD_CSV)
  async csv(@Param('file') file: string, @Res() res: Response): Promise<void> {
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    const quarter = file.endsWith('.csv') ? file.slice(0, -'.csv'.length) : '';
    // The quarter only reaches the filename after this check: digits, a dash and a Q.
    if (!isQuarter(quarter)) throw new NoSuchQuarterError();
    const filed = await this.queries.filedCsv(quarter);
    const csv = filed?.csv ?? renderOssCsv(quarter, await this.queries.rowsNow(quarter));
    res.setHeader('x-checksum-sha256', csvChecksum(csv));
    res.setHeader('x-tax-quarter-status', filed ? 'closed' : 'open');
    res.setHeader('content-disposition', `attachment; filename="oss-return-${quarter}${filed ? '' : '-open'}.csv"`);
    res.type('text/csv; charset=utf-8').send(csv);
  }
}
