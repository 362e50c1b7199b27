/** The included-credits cycle a license is in: its start and end, and the date cycles count from. */
export interface BillingCycle {
  anchor: Date;
  start: Date;
  end: Date;
}

/** `anchor` plus `months`, on the same day of the month or the month's last day (as Stripe bills). */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The whole months from `anchor` to `now` (a month counts once its anchor day and time are reached). */
function monthsSince(anchor: Date, now: Date): number {
  const months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  return addMonths(anchor, months) > now ? months - 1 : months;
}

/** The month of cycles counted from `anchor` that holds `now`, kept within `first`..`last`. */
function monthFrom(anchor: Date, now: Date, first: number, last: number): BillingCycle {
  const months = Math.min(last, Math.max(first, monthsSince(anchor, now)));
  return { anchor, start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/**
 * A monthly subscription's cycle is its paid period: the month that ends at its paid-through
 * date. An annual subscription's year is twelve cycles counted from its anchor (the start of the
 * paid year, as Stripe bills a yearly price: the same day a year later). A lifetime license's
 * cycles are months counted from its grant. Each cycle is computed from its anchor so short months
 * never make later cycles drift.
 */
export function currentCycle(license: { grantedAt: Date; paidThrough: Date | null; yearly?: boolean }, now: Date): BillingCycle {
  if (license.paidThrough && license.yearly) return monthFrom(addMonths(license.paidThrough, -12), now, 0, 11);
  if (license.paidThrough) {
    const end = license.paidThrough;
    return { anchor: license.grantedAt, start: addMonths(end, -1), end };
  }
  return monthFrom(license.grantedAt, now, 0, Number.MAX_SAFE_INTEGER);
}
