import { CHECKOUT_STATUSES, MAX_CHECKOUT_QUANTITY } from '@contracts/checkout/checkout-search';
import { oneOf, searchReader, text, wholeNumber } from '../../../lib/search-params';

/** The contract's checkoutSearchSchema, without zod (lib/search-params.spec.ts holds the two equal). */
export const readCheckoutSearch = searchReader({
  resourceId: text({ trim: true, min: 1, max: 120 }),
  quantity: wholeNumber({ min: 1, max: MAX_CHECKOUT_QUANTITY }),
  code: text({ trim: true, min: 1, max: 40 }),
  status: oneOf(CHECKOUT_STATUSES),
  reason: text({ pattern: /^[A-Za-z_.]{1,60}$/ }),
});
