import type { Request, Response } from 'express';
import { formatMoney } from '../../../../contracts/catalog/number-format';
import { isSameOriginRequest } from '../../server-fn/same-origin';

/** The look of Stripe's hosted pages, shared by the emulator's checkout, invoice, portal and dev pages. */
export const PAGE_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f8fa;color:#1a1f36}
main{max-width:460px;margin:0 auto;padding:40px 20px}.badge{display:inline-block;font-size:12px;font-weight:600;color:#8a6d00;background:#fff4cc;border-radius:6px;padding:2px 8px}
h1{font-size:22px;margin:12px 0 4px}p{margin:0 0 12px;color:#4f566b}.card{background:#fff;border:1px solid #e3e8ee;border-radius:12px;padding:20px;margin:20px 0}
table{width:100%;border-collapse:collapse}td{padding:6px 0}td.amount{text-align:right}tr.total td{border-top:1px solid #e3e8ee;font-weight:600;padding-top:12px}
label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cfd7df;border-radius:8px}
button{width:100%;font:inherit;font-weight:600;border-radius:8px;padding:12px;margin-top:12px;cursor:pointer;border:1px solid #cfd7df;background:#fff;color:#1a1f36}
button.primary{background:#635bff;border-color:#635bff;color:#fff}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #a5a0ff;outline-offset:2px}
.notice{border-radius:8px;padding:10px 12px;margin:16px 0;background:#fff0f0;border:1px solid #f5c2c7;color:#8b1a1a}a{color:#635bff}
fieldset.address{border:0;padding:0;margin:16px 0 0}legend{font-weight:600;margin:0 0 8px}.address input,.address select{margin:0 0 12px}
select{width:100%;font:inherit;padding:10px 12px;border:1px solid #cfd7df;border-radius:8px;background:#fff}label.check{display:flex;gap:8px;align-items:center;font-weight:400}
label.check input{width:auto;margin:0}select:focus-visible{outline:3px solid #a5a0ff;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

export const money = (cents: number, currency: string) => formatMoney(cents, currency.toUpperCase());

/** A Unix time as the pages show it: 2026-11-23 09:00 UTC. */
export const when = (seconds: unknown) => (typeof seconds === 'number' ? `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');

/**
 * Headers of every emulator page: never framed (no clickjacking of its buttons), never cached or
 * indexed. `formTargets` are where its forms may post (the checkout hands the browser to the site).
 */
export function setPageHeaders(res: Response, formTargets = "'self'"): void {
  res.setHeader(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-robots-tag', 'noindex, nofollow');
}

/**
 * Whether a POST that changes emulator state may run: a page on another site must not be able to
 * pay, cancel or refund through a visitor's browser (same Origin or Sec-Fetch-Site check as the
 * site's own forms; a client that is not a browser, such as a test or curl, sends neither).
 */
export function refuseCrossSite(req: Request, res: Response, publicUrl: string): boolean {
  if (isSameOriginRequest(req, publicUrl)) return false;
  setPageHeaders(res);
  res.status(403).type('text/plain').send('Cross-site request refused.');
  return true;
}
