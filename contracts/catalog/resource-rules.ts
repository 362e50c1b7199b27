import { formatMoney } from './number-format';
import type { AccessType, Resource } from './resource';

/** Free when a price is given and is 0 or less; with no price, when access is free. */
export function isFree({ priceCents, accessType }: { priceCents?: number | null; accessType?: AccessType | null }): boolean {
  if (typeof priceCents === 'number') return priceCents <= 0;
  return accessType === 'free';
}

export function formatPrice(priceCents: number, currency = 'USD', locale = 'en-US'): string {
  return formatMoney(priceCents, currency, locale);
}

/** 'Free', 'Included with subscription', the formatted price, or 'Contact support'. */
export function priceLabel(resource: { priceCents?: number | null; accessType?: AccessType | null }): string {
  if (isFree(resource)) return 'Free';
  if (resource.accessType === 'subscription') return 'Included with subscription';
  if (typeof resource.priceCents === 'number' && Number.isFinite(resource.priceCents)) return formatPrice(resource.priceCents);
  return 'Contact support';
}

/** Features from an array, or from one string split on newlines or '|'; blanks dropped. */
export function parseFeatures(features: unknown): string[] {
  const items = Array.isArray(features) ? features : typeof features === 'string' ? features.split(/\r?\n|\|/) : [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** Reads a boolean metadata value: true/1/yes/on and false/0/no/off; anything else is `fallback`. */
export function readBooleanMetadata(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : fallback;
  if (typeof value !== 'string') return fallback;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return fallback;
}

export const DESCRIPTION_LIMIT = 160;

/**
 * At most 160 characters. A longer text is cut at the last space when that space is past half
 * the limit (otherwise at the limit itself), and ends with an ellipsis.
 */
export function truncateDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.trimEnd()}…`;
}

export function fallbackDescription(product: string): string {
  return `Detailed documentation and assets for ${product} members.`;
}

/** The short text a card or meta description shows: summary, then description, then the fallback. */
export function resourceSummary(resource: Pick<Resource, 'description' | 'metadata'>, product: string): string {
  const source = resource.metadata.summary ?? resource.metadata.shortDescription ?? resource.description;
  return truncateDescription(source?.trim() ? source : fallbackDescription(product));
}

/** /checkout?resourceId=…&quantity=…: quantity floored and at least 1; extra params added when not null. */
export function checkoutHref(resourceId: string, quantity = 1, extra: Record<string, string | number | boolean | null | undefined> = {}): string {
  const whole = Number.isFinite(quantity) ? Math.max(1, Math.floor(quantity)) : 1;
  const params = new URLSearchParams({ resourceId, quantity: String(whole) });
  for (const [key, value] of Object.entries(extra)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  return `/checkout?${params.toString()}`;
}
