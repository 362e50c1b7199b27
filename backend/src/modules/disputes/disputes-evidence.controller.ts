import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../platform/common/app-error';
import { contextFromRequest } from '../../server-fn/request-context';
import { AdminAccess } from '../admin';
import { DisputesQueries } from './disputes.queries';
import { evidenceDocument } from './evidence-document';

const DISPUTE_ID = /^dp_\w{1,100}$/;

/**
 * GET /admin/disputes/:id/evidence.html: the evidence as a printable document, downloaded. No PDF
 * library is installed, so this is HTML made for printing (the browser's "Save as PDF").
 */
@Controller('admin/disputes')
export class DisputesEvidenceController {
  constructor(
    private readonly admin: AdminAccess,
    private readonly queries: DisputesQueries,
  ) {}

  @Get(':id/evidence.html')
  async download(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('cache-control', 'no-store');
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    try {
      await this.admin.assert(contextFromRequest(req, res));
    } catch (error) {
      if (error instanceof AppError) return void res.status(403).type('text/plain').send('This is for administrators.');
      throw error;
    }
    const found = DISPUTE_ID.test(id) ? await this.queries.get(id) : null;
    if (!found?.evidence) return void res.status(404).type('text/plain').send('No evidence for that dispute.');
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'");
    res.setHeader('content-disposition', `attachment; filename="${id}-evidence.html"`);
    res.type('html').send(evidenceDocument(found.dispute, found.evidence, found.facts, new Date().toISOString()));
  }
}
