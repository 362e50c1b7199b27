import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../platform/common/app-error';
import { contextFromRequest } from '../../server-fn/request-context';
import { AdminAccess } from '../admin';
import { DisputesQueries } from './disputes.queries';
import { evidenceDocument } from './evidence-document';
import { evidencePdf } from './evidence-pdf';
import { type EvidenceReport, evidenceReport } from './evidence-report';

const DISPUTE_ID = /^dp_\w{1,100}$/;

/**
 * The evidence, downloaded by an admin: GET /admin/disputes/:id/evidence.pdf (drawn with pdfkit) and
 * GET /admin/disputes/:id/evidence.html (a printable page). Both render the same report.
 */
@Controller('admin/disputes')
export class DisputesEvidenceController {
  constructor(
    private readonly admin: AdminAccess,
    private readonly queries: DisputesQueries,
  ) {}

  @Get(':id/evidence.pdf')
  async pdf(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const report = await this.report(id, req, res);
    if (!report) return;
    const body = await evidencePdf(report);
    res.setHeader('content-disposition', `attachment; filename="${id}-evidence.pdf"`);
    res.type('application/pdf').send(body);
  }

  @Get(':id/evidence.html')
  async html(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const report = await this.report(id, req, res);
    if (!report) return;
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'");
    res.setHeader('content-disposition', `attachment; filename="${id}-evidence.html"`);
    res.type('html').send(evidenceDocument(report));
  }

  /** The dispute's report for an admin; otherwise the 403 or 404 is sent and this is null. */
  private async report(id: string, req: Request, res: Response): Promise<EvidenceReport | null> {
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    try {
      await this.admin.assert(contextFromRequest(req, res));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(403).type('text/plain').send('This is for administrators.');
      return null;
    }
    // The id only ever reaches the filename after this check: word characters, nothing to escape.
    const found = DISPUTE_ID.test(id) ? await this.queries.get(id) : null;
    if (!found?.evidence) {
      res.status(404).type('text/plain').send('No evidence for that dispute.');
      return null;
    }
    return evidenceReport(found.dispute, found.evidence, found.facts, new Date().toISOString());
  }
}
