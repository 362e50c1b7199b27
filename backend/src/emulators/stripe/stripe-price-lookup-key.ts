/** The lookup key of the Stripe price that sells a catalog resource (the app keeps its own copy of this rule). */
export function stripePriceLookupKey(resourceId: string): string {
  return `sculpt_${resourceId}`;
}
