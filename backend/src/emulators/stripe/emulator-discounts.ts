import type { EntityManager } from '@mikro-orm/postgresql';
import { couponObject, couponValid, promotionCodeObject } from './discount-objects';
import { couponParams, couponUpdateParams, promotionCodeParams, promotionCodeUpdateParams } from './discount-params';
import { invalid, missing, ok, parse } from './emulator-answers';
import { publicView } from './emulator-api';
import { mergeMetadata } from './emulator-params';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { nowSeconds } from './stripe-objects';

const FIVE_YEARS_S = 5 * 365 * 86_400;

/** A coupon as Stripe shows it: `valid` as of now, what it applies to left out (it is shown on `expand[]=applies_to`). */
export function couponView(coupon: StripeObject): StripeObject {
  return publicView({ ...coupon, valid: couponValid(coupon) });
}

/**
 * Stripe's coupons (POST/GET/DELETE /v1/coupons) and promotion codes (POST/GET /v1/promotion_codes),
 * with Stripe's rules on what each may hold. A deleted coupon is kept for the discounts that use it
 * (they go on, as on Stripe), but no longer found or redeemed.
 */
export class EmulatorDiscounts {
  constructor(private readonly store: EmulatorStore) {}

  async createCoupon(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(couponParams, params);
    if ('answer' in parsed) return parsed.answer;
    const input = parsed.data;
    if ((input.percent_off === undefined) === (input.amount_off === undefined))
      return invalid(
        'You must pass exactly one of `percent_off` or `amount_off` when creating a coupon.',
        input.percent_off === undefined ? 'percent_off' : 'amount_off',
      );
    if (input.amount_off !== undefined && !input.currency) return invalid('You must pass `currency` when creating a coupon with `amount_off`.', 'currency');
    if (input.percent_off !== undefined && input.currency) return invalid('`currency` can only be passed with `amount_off`.', 'currency');
    if (input.duration === 'repeating' && input.duration_in_months === undefined)
      return invalid('You must pass `duration_in_months` when `duration` is `repeating`.', 'duration_in_months');
    if (input.duration !== 'repeating' && input.duration_in_months !== undefined)
      return invalid('`duration_in_months` can only be passed when `duration` is `repeating`.', 'duration_in_months');
    const now = nowSeconds();
    if (input.redeem_by !== undefined && (input.redeem_by <= now || input.redeem_by > now + FIVE_YEARS_S))
      return invalid('`redeem_by` must be in the future and no more than 5 years from now.', 'redeem_by');
    for (const [index, product] of (input.applies_to?.products ?? []).entries())
      if (!(await this.store.get(product, 'product', em))) return missing('product', product, `applies_to[products][${index}]`);
    if (input.id) {
      await this.store.lock(`coupon:${input.id}`, em);
      if (await this.store.get(input.id, 'coupon', em)) return { ...invalid('Coupon already exists.', 'id', 'resource_already_exists') };
    }
    return ok(couponView(await this.store.put(couponObject(input) as StripeObject, em)));
  }

  /** A coupon that exists and was not deleted. */
  async liveCoupon(id: string, em?: EntityManager): Promise<StripeObject | undefined> {
    const coupon = await this.store.get(id, 'coupon', em);
    return coupon && !coupon.deleted_emulator ? coupon : undefined;
  }

  async retrieveCoupon(id: string): Promise<EmulatorAnswer> {
    const coupon = await this.liveCoupon(id);
    return coupon ? ok(couponView(coupon)) : missing('coupon', id);
  }

  /** Only the name and metadata of a coupon change once it exists, as on Stripe. */
  async updateCoupon(id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(couponUpdateParams, params);
    if ('answer' in parsed) return parsed.answer;
    await this.store.lock(id, em);
    const coupon = await this.liveCoupon(id, em);
    if (!coupon) return missing('coupon', id);
    const { name, metadata } = parsed.data;
    const next = { ...coupon, metadata: mergeMetadata(coupon.metadata, metadata), ...(name === undefined ? {} : { name: name || null }) };
    return ok(couponView(await this.store.put(next, em)));
  }

  async deleteCoupon(id: string, em: EntityManager): Promise<EmulatorAnswer> {
    await this.store.lock(id, em);
    const coupon = await this.liveCoupon(id, em);
    if (!coupon) return missing('coupon', id);
    await this.store.put({ ...coupon, valid: false, deleted_emulator: true }, em);
    return ok({ id, object: 'coupon', deleted: true });
  }

  async createPromotionCode(params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(promotionCodeParams, params);
    if ('answer' in parsed) return parsed.answer;
    const { promotion, restrictions, ...rest } = parsed.data;
    const coupon = await this.liveCoupon(promotion.coupon, em);
    if (!coupon) return missing('coupon', promotion.coupon, 'promotion[coupon]');
    if (rest.customer && !(await this.store.get(rest.customer, 'customer', em))) return missing('customer', rest.customer, 'customer');
    if (restrictions?.minimum_amount !== undefined && !restrictions.minimum_amount_currency)
      return invalid('You must pass `minimum_amount_currency` with `minimum_amount`.', 'restrictions[minimum_amount_currency]');
    if (restrictions?.minimum_amount_currency && restrictions.minimum_amount === undefined)
      return invalid('You must pass `minimum_amount` with `minimum_amount_currency`.', 'restrictions[minimum_amount]');
    if (rest.expires_at !== undefined && rest.expires_at <= nowSeconds()) return invalid('`expires_at` must be in the future.', 'expires_at');
    if (rest.expires_at !== undefined && typeof coupon.redeem_by === 'number' && rest.expires_at > coupon.redeem_by)
      return invalid("The promotion code's `expires_at` may not be later than its coupon's `redeem_by`.", 'expires_at');
    if (rest.max_redemptions !== undefined && typeof coupon.max_redemptions === 'number' && rest.max_redemptions > coupon.max_redemptions)
      return invalid("The promotion code's `max_redemptions` may not be higher than its coupon's `max_redemptions`.", 'max_redemptions');
    const promo = promotionCodeObject({ ...rest, coupon: coupon.id, restrictions }) as StripeObject;
    const taken = await this.codeTaken(promo, em);
    if (taken) return taken;
    return ok(publicView(await this.store.put(promo, em)));
  }

  async retrievePromotionCode(id: string): Promise<EmulatorAnswer> {
    const promo = await this.store.get(id, 'promotion_code');
    return promo ? ok(publicView(promo)) : missing('promotion_code', id);
  }

  /** `active` (false ends a code; true again only while its code is not taken by another active one) and metadata. */
  async updatePromotionCode(id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
    const parsed = parse(promotionCodeUpdateParams, params);
    if ('answer' in parsed) return parsed.answer;
    await this.store.lock(id, em);
    const promo = await this.store.get(id, 'promotion_code', em);
    if (!promo) return missing('promotion_code', id);
    const { active, metadata } = parsed.data;
    const next: StripeObject = { ...promo, metadata: mergeMetadata(promo.metadata, metadata), ...(active === undefined ? {} : { active }) };
    if (active && !promo.active) {
      const taken = await this.codeTaken(next, em);
      if (taken) return taken;
    }
    return ok(publicView(await this.store.put(next, em)));
  }

  /** A code is unique among active codes (whatever its case) for the customers it is for; serialised per code. */
  private async codeTaken(promo: StripeObject, em: EntityManager): Promise<EmulatorAnswer | undefined> {
    if (!promo.active) return undefined;
    await this.store.lock(`promotion_code:${String(promo.code_key_emulator)}`, em);
    const holders = await this.store.find('promotion_code', { code_key_emulator: promo.code_key_emulator, active: true }, em);
    const clash = holders.find((one) => one.id !== promo.id && (one.customer === null || promo.customer === null || one.customer === promo.customer));
    return clash ? invalid(`An active promotion code with \`code: ${String(promo.code)}\` already exists.`, 'code', 'resource_already_exists') : undefined;
  }
}
