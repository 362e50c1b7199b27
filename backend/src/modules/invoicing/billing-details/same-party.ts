import type { BillingParty, PostalAddress } from '../../../../../contracts/billing/charge-tax';

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postalCode', 'state', 'country'] as const;

const sameAddress = (a: PostalAddress | null, b: PostalAddress | null) =>
  a === null || b === null ? a === b : ADDRESS_FIELDS.every((field) => a[field] === b[field]);

const taxIdsText = (party: BillingParty) =>
  party.taxIds
    .map((id) => `${id.type}:${id.value}:${id.verified}`)
    .sort()
    .join(',');

/** Whether two billing parties name the same buyer the same way (field by field; tax ids in any order). */
export function sameParty(a: BillingParty, b: BillingParty): boolean {
  return a.name === b.name && a.businessName === b.businessName && sameAddress(a.address, b.address) && taxIdsText(a) === taxIdsText(b);
}
