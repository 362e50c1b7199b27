import type { Request, Response } from 'express';
import { carriesCredentials, PERSONAL } from '../common/http/cache-control';

/**
 * A page anyone may be shown may be stored by a cache but must be asked for again each time: it
 * carries a CSP nonce of its own, which no second visitor may be given.
 */
export const REVALIDATED = 'no-cache';
/** Signed in or not (the session cookie) changes the page; compressed or not, its bytes. */
export const PAGE_VARY = 'Accept-Encoding, Cookie';

/** A page rendered for a signed-in request, or that set a cookie (a session, a form's token), is this person's alone. */
export function setPageCaching(req: Request, res: Response): void {
  res.setHeader('cache-control', carriesCredentials(req.headers) || res.getHeader('set-cookie') ? PERSONAL : REVALIDATED);
  res.setHeader('vary', PAGE_VARY);
}

/** Sends a page the renderer answered with (its status and headers; the HTML given, already read). */
export function sendRenderedPage(req: Request, res: Response, response: globalThis.Response, html: string): void {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') res.setHeader(name, value);
  });
  if (!response.headers.has('content-type')) res.setHeader('content-type', 'text/html; charset=utf-8');
  setPageCaching(req, res);
  res.send(html);
}
