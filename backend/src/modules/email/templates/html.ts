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
    const part = Array.isArray(value) ? value.map((v) => (v instanceof SafeHtml ? v.value : escapeHtml(String(v)))).join('') : value instanceof SafeHtml ? value.value : value === null || value === undefined || value === false ? '' : escapeHtml(String(value));
    out += part + strings[i + 1]!;
  });
  return new SafeHtml(out);
}
