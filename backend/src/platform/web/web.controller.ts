import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { NotFoundError } from '../common/app-error';
import { carriesCredentials, PERSONAL } from '../common/http/cache-control';
import { contextFromRequest } from '../../server-fn/request-context';
import { isApiPath } from './api-paths';
import { cspNonce } from './security-headers';
import { SsrRenderer } from './ssr-renderer';

/** Every GET no other controller claimed: the React app, server-rendered, with its real status (an API address: the JSON 404). */
@Controller()
export class WebController {
  constructor(private readonly renderer: SsrRenderer) {}

  @Get('{*path}')
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (isApiPath(req.path)) throw new NotFoundError(`Nothing here answers ${req.method} at this address.`);
    const context = contextFromRequest(req, res);
    const response = await this.renderer.render(req, context, cspNonce(res));
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') res.setHeader(name, value);
    });
    if (!response.headers.has('content-type')) res.setHeader('content-type', 'text/html; charset=utf-8');
    // A page rendered for a signed-in request, or that set a cookie (a session, a form's token), is this person's alone.
    res.setHeader('cache-control', carriesCredentials(req.headers) || res.getHeader('set-cookie') ? PERSONAL : 'no-cache');
    res.send(await response.text());
  }
}
