/** Where a customer opens a resource on their account (the library page of the item). */
export const libraryItemPath = (resourceId: string) => `/library/${encodeURIComponent(resourceId)}`;

/** The checkout page of one item (and quantity): where sign-in brings a buyer back. */
export function checkoutPagePath(input: { resourceId: string; quantity?: number }, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({
    resourceId: input.resourceId,
    ...(input.quantity && input.quantity > 1 ? { quantity: String(input.quantity) } : {}),
    ...extra,
  });
  return `/checkout?${search.toString()}`;
}

/** Resource types whose purchase (or free grant) opens the item in the library; licenses, credits and sessions are used elsewhere. */
export const grantsResourceAccessType = (type: string) => !['license', 'api_credits', 'session'].includes(type);
