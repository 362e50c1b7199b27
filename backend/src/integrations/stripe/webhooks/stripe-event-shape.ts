import { isStorableText } from '../../../../../contracts/text-rule';

/**
 * Whether a verified body is a Stripe event we can key and route: an object with a string id and
 * type that Postgres can store. Anything else (null, [], "x", an event without id) is not an
 * event, whoever signed it: answered 400, since a retry would bring the same body.
 */
export function isStripeEvent(body: unknown): body is { id: string; type: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { id, type } = body as { id?: unknown; type?: unknown };
  return isKey(id) && isKey(type);
}

function isKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 255 && isStorableText(value);
}
