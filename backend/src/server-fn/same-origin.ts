import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../platform/common/app-error';

/** What the check reads of a request: express's `protocol` is https only over TLS or from a proxy named in TRUST_PROXY. */
export interface RequestOrigin {
  headers: IncomingHttpHeaders;
  protocol: string;
}

/**
 * Whether a state-changing request came from our own pages: its Origin is the public URL's, or
 * this request's own scheme, host and port; without Origin, Sec-Fetch-Site says same-origin. A
 * client that sends neither is not a browser a cross-site page could drive; the form token still
 * has to be right. The scheme counts: a page served over https is another origin than http's.
 */
export function isSameOriginRequest(req: RequestOrigin, publicUrl: string): boolean {
  const { headers } = req;
  const origin = headers.origin;
  if (origin !== undefined) {
    try {
      const given = new URL(origin).origin;
      return given === new URL(publicUrl).origin || (headers.host !== undefined && given === new URL(`${req.protocol}://${headers.host}`).origin);
    } catch {
      return false;
    }
  }
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  return true;
}

/** A state-changing request a page on another site made a visitor's browser send. */
export class CrossSiteRequestError extends AppError {
  constructor() {
    super('CROSS_SITE', 403, 'This request came from another site, so nothing was done. Use the page on our site instead.');
  }
}
