import { licenseKeyHash, normaliseLicenseKey } from '../licenses';

/** What a support query looks like, and so where to look it up. */
export type CustomerQuery =
  | { kind: 'license key'; keyHash: string }
  | { kind: 'Stripe customer' | 'Checkout Session' | 'payment' | 'charge'; id: string }
  | { kind: 'text'; text: string };

const STRIPE_PREFIXES: [string, Exclude<CustomerQuery['kind'], 'license key' | 'text'>][] = [
  ['cus_', 'Stripe customer'],
  ['cs_', 'Checkout Session'],
  ['pi_', 'payment'],
  ['ch_', 'charge'],
  ['py_', 'charge'],
];

/**
 * Classifies what support pasted. A license key is recognised in any spelling the plugin accepts
 * (case, spaces and dashes forgiven) and looked up by its hash, never in the clear.
 */
export function classifyCustomerQuery(query: string): CustomerQuery {
  const text = query.trim();
  const key = normaliseLicenseKey(text);
  if (key) return { kind: 'license key', keyHash: licenseKeyHash(key) };
  for (const [prefix, kind] of STRIPE_PREFIXES) {
    if (text.startsWith(prefix) && /^[A-Za-z0-9_]+$/.test(text)) return { kind, id: text };
  }
  return { kind: 'text', text };
}
