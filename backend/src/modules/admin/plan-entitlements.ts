import type { EndKind, Entitlement, EntitlementEnd } from '../../../../contracts/entitlements/entitlement-sources';
import type { AccessRecord, Of } from './access-events';
import { type AccessLog, count, iso, plural } from './access-log';

function revocation(log: AccessLog, licenseId: string): EntitlementEnd | null {
  const revoked = log.all('LicenseRevoked').find((e) => e.data.licenseId === licenseId);
  if (!revoked) return null;
  const by: EndKind = revoked.data.reason === 'admin' ? 'revoked_by_support' : revoked.data.reason;
  return { state: 'ended', at: revoked.data.at, by, alsoEndedBy: [] };
}

function licenseEnd(log: AccessLog, granted: Of<'LicenseGranted'>): EntitlementEnd {
  const { licenseId, kind, source } = granted.data;
  const revoked = revocation(log, licenseId);
  if (revoked) return revoked;
  if (kind === 'lifetime') return { state: 'active', at: null, by: 'none', alsoEndedBy: ['refund', 'dispute'] };
  const subscription = source.subscriptionId ? log.history.facts.subscriptions.get(source.subscriptionId) : undefined;
  if (subscription) {
    if (subscription.status === 'cancelled') {
      return { state: 'ended', at: iso(subscription.cancelledAt ?? subscription.currentPeriodEnd), by: 'cancellation', alsoEndedBy: [] };
    }
    if (subscription.cancelAt) return { state: 'active', at: iso(subscription.cancelAt), by: 'cancellation', alsoEndedBy: ['refund', 'dispute'] };
    if (subscription.status === 'past_due')
      return { state: 'active', at: iso(subscription.currentPeriodEnd), by: 'payment_due', alsoEndedBy: ['cancellation'] };
    return { state: 'active', at: iso(subscription.currentPeriodEnd), by: 'renewal', alsoEndedBy: ['cancellation', 'refund', 'dispute'] };
  }
  const license = log.history.facts.licenses.get(licenseId);
  const validUntil = license?.validUntil ?? (granted.data.validUntil ? new Date(granted.data.validUntil) : null);
  if (license?.status === 'ended') return { state: 'ended', at: validUntil ? iso(validUntil) : null, by: 'period_end', alsoEndedBy: [] };
  return { state: 'active', at: validUntil ? iso(validUntil) : null, by: validUntil ? 'period_end' : 'none', alsoEndedBy: ['cancellation'] };
}

/** The plan or lifetime license of each license the account owns, and the credits it includes. */
export function planEntitlements(log: AccessLog): Entitlement[] {
  const out: Entitlement[] = [];
  for (const granted of log.all('LicenseGranted').filter((g) => g.data.userId === log.history.userId)) {
    const { licenseId, kind, source } = granted.data;
    const changes = [
      ...log.all('LicenseTermChanged').filter((e) => e.data.licenseId === licenseId),
      ...log.all('LicensePlanChanged').filter((e) => e.data.licenseId === licenseId),
      ...log.all('LicenseRevoked').filter((e) => e.data.licenseId === licenseId),
    ];
    const subscriptionEvents = source.subscriptionId ? log.subscriptionEvents(source.subscriptionId) : [];
    const planChange = log
      .all('LicensePlanChanged')
      .filter((e) => e.data.licenseId === licenseId)
      .at(-1);
    const terms = planChange?.data ?? granted.data;
    const origin = log.origin(granted, () =>
      source.checkoutRef && log.purchase(source.checkoutRef)
        ? log.purchaseSource(log.purchase(source.checkoutRef)!)
        : source.subscriptionId
          ? log.subscriptionSource(source.subscriptionId, granted.data.grantedAt)
          : { kind: 'unrecorded', at: granted.data.grantedAt },
    );
    const ends = licenseEnd(log, granted);
    const title =
      // A subscription moved to another plan is named by the plan it is on now, not the one bought.
      subscriptionEvents.findLast((e) => e.type === 'SubscriptionPlanChanged')?.data.title ?? (origin.kind === 'purchase' ? origin.title : terms.plan);
    out.push({
      id: `${kind === 'subscription' ? 'plan' : 'license'}:${licenseId}`,
      kind: kind === 'subscription' ? 'plan' : 'license',
      title,
      detail: `${plural(terms.seats, 'seat')}, ${plural(terms.devicesPerSeat, 'device')} each`,
      source: origin,
      ends,
      events: log.refs([granted, ...changes, ...subscriptionEvents, ...log.purchaseEvents(origin.kind === 'purchase' ? origin.checkoutRef : null)]),
    });
    const extended = extension(log, licenseId, title);
    if (extended) out.push(extended);
    // The license's credits last as long as the license does: past a cancelled plan while an extension holds.
    const licenseEnds = ends.state === 'ended' && extended?.ends.state === 'active' ? extended.ends : ends;
    if (terms.includedCreditsPerMonth > 0) out.push(includedCredits(log, granted, terms.plan, terms.includedCreditsPerMonth, licenseEnds, changes));
  }
  return out;
}

/**
 * Support's extension of a plan's license, a source of its own: the plan's row says what the
 * subscription does, this one how long the license is kept active whatever it does (the later of
 * the two is what the plugin allows). Extended again, the latest date is the one in force.
 */
function extension(log: AccessLog, licenseId: string, planTitle: string): Entitlement | null {
  const extensions = log.all('LicenseExtended').filter((e) => e.data.licenseId === licenseId);
  const latest = extensions.reduce<Of<'LicenseExtended'> | null>((a, b) => (a && Date.parse(a.data.until) >= Date.parse(b.data.until) ? a : b), null);
  if (!latest) return null;
  const { until } = latest.data;
  const ends: EntitlementEnd =
    revocation(log, licenseId) ??
    (Date.parse(until) <= log.history.now.getTime()
      ? { state: 'ended', at: until, by: 'period_end', alsoEndedBy: [] }
      : { state: 'active', at: until, by: 'period_end', alsoEndedBy: ['refund', 'dispute', 'revoked_by_support'] });
  return {
    id: `extension:${licenseId}`,
    kind: 'extension',
    title: planTitle,
    detail: 'Keeps the license and its credits active, even if the subscription ends sooner',
    source: log.origin(latest, () => ({ kind: 'unrecorded', at: latest.data.at })),
    ends,
    events: log.refs(extensions),
  };
}

function includedCredits(
  log: AccessLog,
  granted: Of<'LicenseGranted'>,
  plan: string,
  perMonth: number,
  planEnds: EntitlementEnd,
  changes: AccessRecord[],
): Entitlement {
  const { licenseId } = granted.data;
  const cycle = log.history.facts.cycles.get(licenseId);
  const cycles = log.all('IncludedCreditsCycleStarted').filter((e) => e.data.licenseId === licenseId);
  const ends: EntitlementEnd =
    planEnds.state === 'ended' || !cycle
      ? planEnds
      : {
          state: 'active',
          at: iso(cycle.cycleEnd),
          by: 'period_end',
          alsoEndedBy: [planEnds.by, ...planEnds.alsoEndedBy].filter((k) => k !== 'none' && k !== 'renewal'),
        };
  return {
    id: `included_credits:${licenseId}`,
    kind: 'included_credits',
    title: `${count(perMonth)} credits a month`,
    detail: cycle ? `${count(Math.max(cycle.allowance - cycle.used, 0))} of ${count(cycle.allowance)} left this cycle` : null,
    source: { kind: 'included', at: granted.data.grantedAt, licenseId, plan },
    ends,
    events: log.refs([granted, ...changes.filter((e) => e.type === 'LicensePlanChanged'), ...cycles]),
  };
}
