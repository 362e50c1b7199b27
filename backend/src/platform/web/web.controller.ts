import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { NotFoundError } from '../common/app-error';
import { isApiPath } from './api-paths';
import { PAGE_SERVER_FNS, type PageServerFns } from './page-server-fns';
import { sendRenderedPage } from './page-headers';
import { cspNonce } from './security-headers';
import { SharedPages } from './shared-pages/shared-pages';
import { SsrRenderer } from './ssr-renderer';

/** Every GET no other controller claimed: the React app, server-rendered, with its real status (an API address: the JSON 404). */
@Controller()
export class WebController {
  constructor(
    private readonly renderer: SsrRenderer,
    private readonly shared: SharedPages,
    @Inject(PAGE_SERVER_FNS) private readonly serverFns: PageServerFns,
  ) {}

  @Get('{*path}')
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (isApiPath(req.path)) throw new NotFoundError(`Nothing here answers ${req.method} at this address.`);
    if (await this.shared.serve(req, res)) return;
    const response = await this.renderer.render(req, this.serverFns.contextOf(req, res), cspNonce(res));
    sendRenderedPage(req, res, response, await response.text());
  }
}
