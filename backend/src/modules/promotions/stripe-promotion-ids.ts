/** The Stripe coupon a promotion is: its id chosen by us, so a retried create finds it (and the app can name it in a session's discounts). */
export const stripeCouponIdOf = (promotionId: string) => `promotion-${promotionId}`;

/**
 * The one coupon a code stacked with a sale is at Stripe: two percentages add up to one (the same
 * for every purchase); otherwise it is the amount this purchase takes off, named by it.
 */
export const stackedCouponIdOf = (codeId: string, saleId: string, amountOffCents: number | null) =>
  `promotion-${codeId}--${saleId}${amountOffCents === null ? '' : `--${amountOffCents}`}`;
