/** Cents in their currency as the report shows them: `€1,234.50`, `-$12.00`; never converted, never added across currencies. */
export function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
  } catch {
    // A code Intl does not know (it came from the log): the plain amount and the code.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A rate as the documents carry it: `19` → `19%`, `8.1` → `8.1%`. */
export const percent = (rate: string) => `${rate}%`;

export const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
