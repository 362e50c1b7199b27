import type { CustomerEntitlement, Entitlement } from '../../../../contracts/entitlements/entitlement-sources';

/**
 * What a customer sees of their own entitlements. A support grant says "our support team" and
 * when: the admin's id is internal, and the reason is a note written for colleagues (it may name
 * a ticket, a suspicion or another customer), not a message to the customer. A seat names who
 * gave it, not their account id. The event positions are the admin timeline's links.
 */
export function entitlementsForCustomer(entitlements: readonly Entitlement[]): CustomerEntitlement[] {
  return entitlements.map(({ events: _events, source, ...rest }) => {
    if (source.kind === 'admin') return { ...rest, source: { kind: 'support', at: source.at } };
    if (source.kind === 'seat') {
      const { ownerUserId: _owner, ...seat } = source;
      return { ...rest, source: seat };
    }
    return { ...rest, source };
  });
}
