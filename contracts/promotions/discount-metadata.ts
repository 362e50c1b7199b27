import type { PromotionDuration } from './promotion-terms';
import type { CheckoutDiscount } from './checkout-discount';

/** How a checkout's discount rides in a Stripe session's metadata (strings only), so fulfilment reads what was opened. */
export function discountMetadata(discount: CheckoutDiscount): Record<string, string> {
  const duration = discount.duration.kind === 'repeating' ? `repeating-${discount.duration.months}` : discount.duration.kind;
  return {
    promotionId: discount.promotionId,
    promotionName: discount.name,
    promotionDuration: duration,
    ...(discount.code ? { promotionCode: discount.code } : {}),
    ...(discount.stackedWith ? { stackedPromotionId: discount.stackedWith.promotionId, stackedPromotionName: discount.stackedWith.name } : {}),
  };
}

function durationOf(text: string | undefined): PromotionDuration | null {
  if (text === 'once' || text === 'forever') return { kind: text };
  const months = /^repeating-(\d{1,2})$/.exec(text ?? '')?.[1];
  return months ? { kind: 'repeating', months: Number(months) } : null;
}

/** The discount a session's metadata names, with what Stripe took off; null for a session without one. */
export function discountFromMetadata(metadata: Record<string, string>, amountOffCents: number): CheckoutDiscount | null {
  const duration = durationOf(metadata.promotionDuration);
  if (!metadata.promotionId || !metadata.promotionName || !duration) return null;
  const stackedWith =
    metadata.stackedPromotionId && metadata.stackedPromotionName ? { promotionId: metadata.stackedPromotionId, name: metadata.stackedPromotionName } : null;
  return { promotionId: metadata.promotionId, code: metadata.promotionCode ?? null, name: metadata.promotionName, amountOffCents, duration, stackedWith };
}
