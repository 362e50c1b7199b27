import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AdminRoute, type AdminRouteDeclaration } from '../../server-fn/admin-route';
import { DisputeEvidenceNotFoundError } from './disputes.errors';
import { DisputesQueries } from './disputes.queries';
import { evidenceDocument } from './evidence-document';
import { evidencePdf } from './evidence-pdf';
import { type EvidenceReport, evidenceReport } from './evidence-report';

const DISPUTE_ID = /^dp_\w{1,100}$/;

const DOWNLOAD_EVIDENCE: AdminRouteDeclaration = { name: 'downloadDisputeEvidence', role: 'support', audit: 'reads' };

/**
 * The evidence, downloaded by an admin: GET /admin/disputes/:id/evidence.pdf (drawn with pdfkit) and
 * GET /admin/disputes/:id/evidence.html (a printable page). Both render the same report.
 */
@Controller('admin/disputes')
export class DisputesEvidenceController {
  constructor(private readonly queries: DisputesQueries) {}

  @Get(':id/evidence.pdf')
  @AdminRoute(DOWNLOAD_EVIDENCE)
  async pdf(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const report = await this.report(id, res);
    const body = await evidencePdf(report);
    res.setHeader('content-disposition', `attachment; filename="${id}-evidence.pdf"`);
    res.type('application/pdf').send(body);
  }

  @Get(':id/evidence.html')
  @AdminRoute(DOWNLOAD_EVIDENCE)
  async html(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const report = await this.report(id, res);
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'");
    res.setHeader('content-disposition', `attachment; filename="${id}-evidence.html"`);
    res.type('html').send(evidenceDocument(report));
  }

  /** The dispute's report (the guard has admitted an admin); a 404 in the error envelope when there is none. */
  private async report(id: string, res: Response): Promise<EvidenceReport> {
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    // The id only ever reaches the filename after this check: word characters, nothing to escape.
    const found = DISPUTE_ID.test(id) ? await this.queries.get(id) : null;
    if (!found?.evidence) throw new DisputeEvidenceNotFoundError();
    return evidenceReport(found.dispute, found.evidence, found.facts, new Date().toISOString());
  }
}
