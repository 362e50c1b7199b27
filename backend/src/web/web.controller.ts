import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { contextFromRequest } from '../server-fn/request-context';
import { cspNonce } from './security-headers';
import { SsrRenderer } from './ssr-renderer';

/** Every GET no other controller claimed: the React app, server-rendered, with its real status. */
@Controller()
export class WebController {
  constructor(private readonly renderer: SsrRenderer) {}

  @Get('{*path}')
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    const context = contextFromRequest(req, res);
    const response = await this.renderer.render(req, context, cspNonce(res));
    res.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') res.setHeader(name, value);
    });
    if (!response.headers.has('content-type')) res.setHeader('content-type', 'text/html; charset=utf-8');
    // A page that set a cookie (a form's session) is this browser's alone.
    res.setHeader('cache-control', res.getHeader('set-cookie') ? 'private, no-cache' : 'no-cache');
    res.send(await response.text());
  }
}
