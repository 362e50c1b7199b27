/** The Stripe coupon a promotion is: its id chosen by us, so a retried create finds it (and the app can name it in a session's discounts). */
export const stripeCouponIdOf = (promotionId: string) => `promotion-${promotionId}`;
