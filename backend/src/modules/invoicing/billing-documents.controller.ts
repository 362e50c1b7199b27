import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DOCUMENT_NUMBER } from '../../../../contracts/billing/billing.contract';
import { contextFromRequest } from '../../server-fn/request-context';
import { Auth } from '../auth';
import { documentPdf } from './documents/document-pdf';
import { BillingDocumentNotFoundError } from './invoicing.errors';
import { InvoicingQueries } from './invoicing.queries';

const PDF_FILE = /^((?:INV|CN)-\d{4}-\d{6,9})\.pdf$/;

/**
 * `GET /billing/pdf/<number>.pdf`: the signed-in owner's invoice or credit note as a PDF
 * (the page at /billing/documents/<number> shows the same document). Signed out: 401; anyone
 * else's number, or none: 404, the same answer, so numbers reveal nothing.
 */
@Controller('billing/pdf')
export class BillingDocumentsController {
  constructor(
    private readonly auth: Auth,
    private readonly queries: InvoicingQueries,
  ) {}

  @Get(':file')
  async pdf(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    const user = await this.auth.requireUser(contextFromRequest(req, res));
    const number = PDF_FILE.exec(file)?.[1];
    // The number only reaches the filename after this check: letters, digits and hyphens.
    const document = number && DOCUMENT_NUMBER.test(number) ? await this.queries.document(user.userId, number) : null;
    if (!document) throw new BillingDocumentNotFoundError();
    const body = await documentPdf(document);
    res.setHeader('content-disposition', `inline; filename="${document.number}.pdf"`);
    res.type('application/pdf').send(body);
  }
}
