import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../platform/common/app-error';

/**
 * Whether a state-changing request came from our own pages: its Origin is our host (or the
 * public URL), or, without Origin, Sec-Fetch-Site says same-origin. A client that sends neither
 * is not a browser a cross-site page could drive; the form token still has to be right.
 */
export function isSameOriginRequest(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    try {
      const url = new URL(origin);
      return url.host === headers.host || url.origin === new URL(publicUrl).origin;
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
