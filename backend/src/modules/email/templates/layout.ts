import { html, type SafeHtml } from '../../../platform/common/html';

export interface LayoutParts {
  /** The line mail clients show after the subject. */
  preheader: string;
  heading: string;
  body: SafeHtml;
  /** A call to action: one button, a real link. */
  action?: { label: string; href: string };
  /** Why the person got this email and how to change that. */
  footer: SafeHtml;
}

const COLORS = { page: '#f4f3fa', card: '#ffffff', ink: '#1b1830', muted: '#575272', line: '#e6e3f2', accent: '#6d28d9' };

/**
 * The frame of every email: table layout and inline styles (what mail clients render reliably),
 * 600 px wide at most, readable at phone width, light background whatever the client's theme.
 */
export function layout(parts: LayoutParts): string {
  const action = parts.action
    ? html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:28px 0 8px"><tr><td style="border-radius:8px;background:${COLORS.accent}"><a href="${parts.action.href}" style="display:inline-block;padding:12px 22px;font-weight:600;font-size:15px;color:#ffffff;text-decoration:none;border-radius:8px">${parts.action.label}</a></td></tr></table>`
    : '';
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${parts.heading}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${COLORS.ink}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${parts.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="padding:0 8px 16px;font-size:15px;font-weight:700;color:${COLORS.accent}">SystemSculpt</td></tr>
<tr><td style="background:${COLORS.card};border:1px solid ${COLORS.line};border-radius:12px;padding:32px 28px;font-size:15px;line-height:1.6">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLORS.ink}">${parts.heading}</h1>
${parts.body}${action}
</td></tr>
<tr><td style="padding:20px 8px;font-size:12px;line-height:1.6;color:${COLORS.muted}">${parts.footer}</td></tr>
</table></td></tr></table></body></html>`.value;
}

export const paragraph = (content: SafeHtml | string) => html`<p style="margin:0 0 14px">${content}</p>`;

/** Label–value rows, e.g. an order summary. */
export function facts(rows: Array<[string, string]>): SafeHtml {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 18px;border-top:1px solid ${COLORS.line}">${rows.map(
    ([label, value]) => html`<tr><td style="padding:9px 0;border-bottom:1px solid ${COLORS.line};color:${COLORS.muted}">${label}</td><td align="right" style="padding:9px 0;border-bottom:1px solid ${COLORS.line};font-weight:600">${value}</td></tr>`,
  )}</table>`;
}

/** A value to copy, such as a license key, in a monospace box. */
export const codeBox = (value: string) =>
  html`<p style="margin:8px 0 18px;padding:14px 16px;border-radius:8px;background:${COLORS.page};border:1px solid ${COLORS.line};font-family:ui-monospace,Menlo,Consolas,monospace;font-size:16px;letter-spacing:.5px;word-break:break-all">${value}</p>`;
