// en-US number and money formatting without Intl for the common cases. The first Intl formatter a
// page creates costs 20–30 ms of ICU set-up (over 100 ms on a throttled phone CPU), all of it
// during hydration; these produce the same strings (checked against Intl in the spec).

const PREFIX_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

// Intl prints a minus for -0 too.
const isNegative = (value: number) => value < 0 || Object.is(value, -0);

function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 12345 → "12,345", as `Intl.NumberFormat('en-US')` prints it. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat('en-US').format(value);
  return (isNegative(value) ? '-' : '') + groupDigits(String(Math.abs(value)));
}

/** 19900 cents in USD → "$199.00", as `Intl.NumberFormat(locale, { style: 'currency' })` prints it. */
export function formatMoney(cents: number, currency = 'USD', locale = 'en-US'): string {
  // Stripe spells currencies in lower case ('usd'); Intl takes either.
  const symbol = PREFIX_SYMBOLS[currency.toUpperCase()];
  if (locale !== 'en-US' || !symbol || !Number.isInteger(cents) || Math.abs(cents) >= 1e12) {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  }
  const abs = Math.abs(cents);
  const units = groupDigits(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${isNegative(cents) ? '-' : ''}${symbol}${units}.${fraction}`;
}
