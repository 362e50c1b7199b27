import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import { grantsResourceAccessType, libraryItemPath } from '@contracts/checkout/checkout-links';

/** What was bought, as the buyer would say it: "Pro — 3 seats", "2 × 100,000 credit pack". */
export function purchaseLabel(data: CheckoutData): string {
  const resource = data.resource;
  if (!resource) return 'your purchase';
  const quantity = data.latest?.quantity ?? 1;
  if (resource.type === 'license') return `${resource.title} — ${quantity} ${quantity === 1 ? 'seat' : 'seats'}`;
  if (resource.type === 'api_credits') return `${quantity} × ${resource.title}`;
  return resource.title;
}

export type Destination = { kind: 'dashboard'; section?: 'license' | 'sessions'; label: string } | { kind: 'library'; href: string; label: string };

/** Where the bought thing is used: the license section, the library item, or the credits overview. */
export function purchaseDestination(data: CheckoutData): Destination {
  const resource = data.resource;
  if (!resource || resource.type === 'api_credits') return { kind: 'dashboard', label: 'See your credits' };
  if (resource.type === 'license') return { kind: 'dashboard', section: 'license', label: 'See your license' };
  if (resource.type === 'session') return { kind: 'dashboard', section: 'sessions', label: 'See your sessions' };
  if (grantsResourceAccessType(resource.type)) return { kind: 'library', href: libraryItemPath(resource.id), label: 'Open it in your library' };
  return { kind: 'dashboard', label: 'Open your dashboard' };
}
