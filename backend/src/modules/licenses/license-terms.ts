import type { Resource } from '../../../../contracts/catalog/resource';

const count = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback);

/** What a license resource promises, read from its catalog metadata. */
export function licenseTerms(resource: Resource, quantity: number) {
  const metadata = resource.metadata as Record<string, unknown>;
  return {
    plan: typeof metadata.plan === 'string' ? metadata.plan : resource.id,
    kind: metadata.billingInterval === 'month' || metadata.billingInterval === 'year' ? ('subscription' as const) : ('lifetime' as const),
    seats: Math.max(1, count(metadata.seats, 1) * quantity),
    devicesPerSeat: Math.max(1, count(metadata.devicesPerSeat, 3)),
    includedCreditsPerMonth: count(metadata.includedCreditsPerMonth, 0),
  };
}

export const isSubscriptionResource = (resource: Resource) => resource.type === 'license' && licenseTerms(resource, 1).kind === 'subscription';
