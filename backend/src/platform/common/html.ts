/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A tagged template that escapes every interpolated value unless it is already `SafeHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const part = Array.isArray(value)
      ? value.map((v) => (v instanceof SafeHtml ? v.value : escapeHtml(String(v)))).join('')
      : value instanceof SafeHtml
        ? value.value
        : value === null || value === undefined || value === false
          ? ''
          : escapeHtml(String(value));
    out += part + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** A small page served outside the React app (dev tools, email links, the Stripe emulator): never indexed. */
export function standalonePage(title: string, style: string, body: SafeHtml | string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <title>${title}</title>
        <style>
          ${new SafeHtml(style)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.value;
}
