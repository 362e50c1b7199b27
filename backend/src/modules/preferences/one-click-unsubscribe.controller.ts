import { Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { EMAIL_TOPICS } from '../../../../contracts/preferences/email-topics';
import { visitorMetadata } from '../../events/metadata-for';
import { correlationIdOf } from '../../server-fn/request-context';
import { UnsubscribeTopic } from './commands/unsubscribe-topic.handler';
import { ManageEmailLinks } from './manage-email-links';
import { confirmUnsubscribePage, unsubscribedPage, unsubscribeProblemPage } from './one-click-unsubscribe.page';

const linkSchema = z.object({ email: z.string().trim().max(254), topic: z.enum(EMAIL_TOPICS), token: z.string().trim().max(200) });

/**
 * The List-Unsubscribe target (RFC 8058). A mail client POSTs `List-Unsubscribe=One-Click` here:
 * no cookie, no CSRF token and no redirect, just the signed link; repeating it changes nothing
 * more. A GET (a person's browser, or a scanner prefetching links) only shows a button.
 */
@Controller('email')
export class OneClickUnsubscribeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly links: ManageEmailLinks,
  ) {}

  @Get('unsubscribe')
  confirm(@Query() query: unknown, @Req() req: Request, @Res() res: Response): void {
    const link = this.check(query, res);
    if (!link) return;
    send(res, 200, confirmUnsubscribePage(link.topic, req.originalUrl));
  }

  @Post('unsubscribe')
  async unsubscribe(@Query() query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const link = this.check(query, res);
    if (!link) return;
    await this.commands.execute(new UnsubscribeTopic(link.email, link.topic, 'one-click', visitorMetadata(correlationIdOf(req))));
    send(res, 200, unsubscribedPage(link.topic, this.links.manageUrl(link.email)));
  }

  private check(query: unknown, res: Response) {
    const parsed = linkSchema.safeParse(query);
    if (!parsed.success) {
      send(
        res,
        400,
        unsubscribeProblemPage(
          'It is missing part of what it needs (the address, the kind of email or its signature). Copy the whole link from the email, or use the one below.',
        ),
      );
      return undefined;
    }
    const check = this.links.tokens.verify(parsed.data.email, `unsubscribe.${parsed.data.topic}`, parsed.data.token);
    if (!check.ok) {
      send(res, 403, unsubscribeProblemPage(check.reason === 'expired' ? 'It is too old to use.' : 'It was changed, or it belongs to another address.'));
      return undefined;
    }
    return parsed.data;
  }
}

function send(res: Response, status: number, body: string): void {
  res.status(status).setHeader('cache-control', 'no-store');
  res.setHeader('x-robots-tag', 'noindex, nofollow');
  res.type('html').send(body);
}
