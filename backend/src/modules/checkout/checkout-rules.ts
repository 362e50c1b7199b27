import { grantsResourceAccessType } from '../../../../contracts/checkout/checkout-links';
import type { Resource } from '../../../../contracts/catalog/resource';
import { isFree } from '../../../../contracts/catalog/resource-rules';
import type { CheckoutData } from '../../../../contracts/checkout/checkout.contract';
import { isSubscriptionResource } from '../licenses';

/** Seats and credit packs are bought by the number; everything else one at a time. */
export const quantityAdjustable = (resource: Resource) => resource.type === 'license' || resource.type === 'api_credits';

/** How a resource is had: given, included with a plan, paid once, or subscribed to. */
export function checkoutMode(resource: Resource): NonNullable<CheckoutData['mode']> {
  if (isFree(resource)) return 'free';
  if (resource.accessType === 'subscription' && resource.priceCents === null) return 'included';
  return isSubscriptionResource(resource) ? 'subscription' : 'payment';
}

/** Resources whose purchase opens the resource itself (licenses, credits and sessions are fulfilled otherwise). */
export const grantsResourceAccess = grantsResourceAccessType;
