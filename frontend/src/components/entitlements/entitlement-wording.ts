import { planName } from '@contracts/catalog/plan-names';
import { formatMoney } from '@contracts/catalog/number-format';
import type { CustomerEntitlement, EndKind, Entitlement, EntitlementEnd } from '@contracts/entitlements/entitlement-sources';
import { formatDay, formatDayTime } from '../../lib/dates';

type AnySource = Entitlement['source'] | CustomerEntitlement['source'];

export const KIND_LABELS: Record<Entitlement['kind'], string> = {
  plan: 'Plan',
  extension: 'Extension',
  license: 'Lifetime license',
  seat: 'Seat',
  resource: 'Resource',
  included_credits: 'Included credits',
  credit_pack: 'Credit pack',
  booked_session: 'Session',
};

/** Its heading: the kind, then the title when the title says more than the kind. */
export function headingParts(entitlement: Pick<Entitlement, 'kind' | 'title'>): { kind: string | null; title: string } {
  const kind = KIND_LABELS[entitlement.kind];
  return { kind: entitlement.title.toLowerCase().startsWith(kind.toLowerCase()) ? null : kind, title: entitlement.title };
}

/** Where an entitlement came from, in one sentence. Support's wording names the admin and the reason; a customer's says "our support team". */
export function sourceText(source: AnySource): string {
  switch (source.kind) {
    case 'purchase':
      return `Bought on ${formatDay(source.at)} for ${formatMoney(source.amountCents, source.currency)}${
        source.refundedCents > 0 ? `, ${formatMoney(source.refundedCents, source.currency)} of it refunded` : ''
      }`;
    case 'seat':
      return `Seat given by ${source.ownerName} on ${formatDay(source.at)}, on their ${source.planTitle} plan`;
    case 'included':
      return `Included with the ${planName(source.plan)}`;
    case 'free':
      return `Free, added on ${formatDay(source.at)}`;
    case 'admin':
      return `Granted by ${source.actorId} (${source.actorRole}) on ${formatDay(source.at)}`;
    case 'support':
      return `Added by our support team on ${formatDay(source.at)}`;
    case 'unrecorded':
      return `Given on ${formatDay(source.at)}, before our records began`;
  }
}

const ENDED_BECAUSE: Record<EndKind, string> = {
  renewal: '',
  period_end: '',
  cancellation: 'cancelled',
  refund: 'refunded',
  dispute: 'payment disputed',
  seat_removal: 'seat removed',
  session_date: '',
  revoked_by_support: 'withdrawn by support',
  payment_due: 'payment not received',
  none: '',
};

const UNLESS: Partial<Record<EndKind, string>> = {
  cancellation: 'cancelled',
  refund: 'refunded',
  dispute: 'disputed',
  seat_removal: 'the seat is taken back',
  revoked_by_support: 'withdrawn by support',
};

/** What ends it, or ended it, in one sentence. */
export function endText(kind: Entitlement['kind'], ends: EntitlementEnd): string {
  const on = ends.at ? (kind === 'booked_session' ? formatDayTime(ends.at) : formatDay(ends.at)) : null;
  if (ends.state === 'ended') {
    if (ends.by === 'session_date') return on ? `Took place on ${on}` : 'Took place';
    const because = ENDED_BECAUSE[ends.by];
    return `Ended${on ? ` on ${on}` : ''}${because ? `: ${because}` : ''}`;
  }
  const early = ends.alsoEndedBy.flatMap((k) => (UNLESS[k] ? [UNLESS[k]] : []));
  const unless = early.length ? ` unless ${listed(early)}` : '';
  switch (ends.by) {
    case 'renewal':
      return `Renews on ${on}${unless}`;
    case 'period_end':
      return kind === 'included_credits' ? `Refills on ${on}${unless}` : `Runs until ${on}${unless}`;
    case 'cancellation':
      return `Ends on ${on}: cancelled${early.length ? `, or sooner if ${listed(early)}` : ''}`;
    case 'session_date':
      return `Session on ${on}${unless}`;
    case 'payment_due':
      return `Payment due since ${on}: it ends unless paid`;
    case 'none':
      return `Doesn't expire${unless}`;
    default:
      return on ? `Ends on ${on}${unless}` : `Active${unless}`;
  }
}

function listed(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
