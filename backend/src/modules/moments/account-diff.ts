import type { AccountMoment, MomentChange, MomentSection } from '../../../../contracts/admin/account-moment.contract';

type Value = string | number | null;
type Fields = Record<string, Value>;

interface Item {
  key: string;
  subject: string;
  fields: Fields;
}

// Stored states are snake_case words ('partially_refunded'); a person reads them as words.
const STATE_WORD = /^[a-z]+(?:_[a-z]+)+$/;
const shown = (value: Value): string =>
  value === null ? 'none' : typeof value === 'string' && STATE_WORD.test(value) ? value.replaceAll('_', ' ') : String(value);
const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** What each section of a moment holds, keyed so that the same thing then and now can be matched. */
function items(moment: AccountMoment): Record<Exclude<MomentSection, 'plan' | 'credits'>, Item[]> {
  return {
    licenses: moment.licenses.map((l) => ({
      key: l.licenseId,
      subject: `${l.plan} license ····${l.keyHint}`,
      fields: { status: l.status, plan: l.plan, seats: l.seats, 'devices per seat': l.devicesPerSeat, 'valid until': l.validUntil, 'key ends': l.keyHint },
    })),
    seats: moment.licenses.flatMap((l) =>
      l.seatHolders.map((s) => ({ key: `${l.licenseId}|${s.email}`, subject: `Seat for ${s.email} on the ${l.plan} license`, fields: {} })),
    ),
    devices: moment.licenses.flatMap((l) =>
      l.devices.map((d) => ({
        key: `${l.licenseId}|${d.seat}|${d.activatedAt}`,
        subject: `Device ${d.name ?? 'without a name'} (seat ${d.seat}) on the ${l.plan} license`,
        fields: { released: d.releasedAt, 'plugin version': d.pluginVersion },
      })),
    ),
    resources: moment.resources.map((r) => ({ key: r.resourceId, subject: `Access to ${r.resourceId}`, fields: { source: r.source } })),
    purchases: moment.purchases.map((p) => ({
      key: p.checkoutRef,
      subject: `${p.title}, ${money(p.amountCents, p.currency)}`,
      fields: { status: p.status, refunded: money(p.refundedCents, p.currency) },
    })),
    bookings: moment.bookings.map((b) => ({ key: b.bookingId, subject: `${b.title} with ${b.hostName}`, fields: { status: b.status, starts: b.startAt } })),
    pendingPayments: moment.pendingPayments.map((p) => ({
      key: p.id,
      subject: `${p.kind === 'renewal' ? 'Renewal' : 'Payment'} for ${p.resourceId}${p.amountCents === null || p.currency === null ? '' : `, ${money(p.amountCents, p.currency)}`}`,
      fields: { status: p.status },
    })),
  };
}

function changedFields(then: Fields, now: Fields): MomentChange['fields'] {
  return Object.keys({ ...then, ...now })
    .filter((field) => shown(then[field] ?? null) !== shown(now[field] ?? null))
    .map((field) => ({ field, then: shown(then[field] ?? null), now: shown(now[field] ?? null) }));
}

/** Everything that differs between the account then and now, section by section, each readable alone. */
export function diffMoments(then: AccountMoment, now: AccountMoment): MomentChange[] {
  const changes: MomentChange[] = [];
  if (then.plan !== now.plan)
    changes.push({ section: 'plan', subject: 'Plan', change: 'changed', fields: [{ field: 'plan', then: shown(then.plan), now: shown(now.plan) }] });
  const before = items(then);
  const after = items(now);
  for (const section of Object.keys(before) as (keyof typeof before)[]) {
    const old = new Map(before[section].map((item) => [item.key, item]));
    const current = new Map(after[section].map((item) => [item.key, item]));
    for (const [key, item] of current) {
      const was = old.get(key);
      if (!was) changes.push({ section, subject: item.subject, change: 'added', fields: [] });
      else {
        const fields = changedFields(was.fields, item.fields);
        if (fields.length) changes.push({ section, subject: item.subject, change: 'changed', fields });
      }
    }
    for (const [key, item] of old) if (!current.has(key)) changes.push({ section, subject: item.subject, change: 'removed', fields: [] });
  }
  const credits = changedFields({ ...then.credits }, { ...now.credits });
  if (credits.length) changes.push({ section: 'credits', subject: 'Credits', change: 'changed', fields: credits });
  return changes;
}
