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

/**
 * A subscription's cycle is its paid period: the month that ends at its paid-through date. A
 * lifetime license's cycles are months counted from its grant, each computed from the anchor so
 * short months never make later cycles drift.
 */
export function currentCycle(license: { grantedAt: Date; paidThrough: Date | null }, now: Date): BillingCycle {
  if (license.paidThrough) {
    const end = license.paidThrough;
    return { anchor: license.grantedAt, start: addMonths(end, -1), end };
  }
  const anchor = license.grantedAt;
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (addMonths(anchor, months) > now) months -= 1;
  months = Math.max(0, months);
  return { anchor, start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}
