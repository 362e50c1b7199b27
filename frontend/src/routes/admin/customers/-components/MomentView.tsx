import type { ReactNode } from 'react';
import type { AccountMoment } from '@contracts/admin/account-moment.contract';

const day = (iso: string) => iso.slice(0, 10);
const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
const money = (cents: number | null, currency: string | null) => (cents === null || !currency ? '—' : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`);

/** The account as it was then: the sections of the account page that its events decide. */
export function MomentView({ moment }: { moment: AccountMoment }) {
  return (
    <section aria-labelledby="account-then" className="mt-8">
      <h2 id="account-then" className="text-lg font-semibold text-ink">
        The account then
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 rounded-xl border border-line bg-surface-raised p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-ink-subtle">Plan</dt>
          <dd className="text-ink">{moment.plan ?? 'No plan'}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Credits</dt>
          <dd className="text-ink">
            {moment.credits.balance} ({moment.credits.included} included, {moment.credits.packs} from packs)
          </dd>
        </div>
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel title="Licenses then" empty="No licenses." items={moment.licenses}>
          {(license) => (
            <li key={license.licenseId} className="px-4 py-3">
              <p className="font-medium text-ink">
                {license.plan} · {license.kind} · <span className="capitalize">{license.status}</span>
              </p>
              <p className="text-ink-muted">
                Key …{license.keyHint} · {license.seats} {license.seats === 1 ? 'seat' : 'seats'} · {license.devicesPerSeat} devices per seat
                {license.validUntil ? ` · valid until ${day(license.validUntil)}` : ''}
              </p>
              <p className="text-ink-muted">
                {license.seatHolders.length ? `Seats given to: ${license.seatHolders.map((seat) => seat.email).join(', ')}` : 'No seats given.'}
              </p>
              {license.devices.length ? (
                <ul className="mt-1 list-disc pl-5 text-ink-muted" aria-label={`Devices on license ${license.licenseId} then`}>
                  {license.devices.map((device) => (
                    <li key={`${device.seat}-${device.activatedAt}`}>
                      {device.name ?? 'Unnamed device'} ({device.seat}), activated {day(device.activatedAt)}
                      {device.releasedAt ? `, released ${day(device.releasedAt)}` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-ink-subtle">No devices.</p>
              )}
            </li>
          )}
        </Panel>
        <Panel title="Purchases then" empty="No purchases." items={moment.purchases}>
          {(purchase) => (
            <li key={purchase.checkoutRef} className="px-4 py-3">
              <span className="font-medium text-ink">{purchase.title}</span> · {money(purchase.amountCents, purchase.currency)} ·{' '}
              <span className="capitalize">{purchase.status.replace('_', ' ')}</span>
              {purchase.refundedCents ? ` · refunded ${money(purchase.refundedCents, purchase.currency)}` : ''}
            </li>
          )}
        </Panel>
        <Panel title="Resources then" empty="No resources." items={moment.resources}>
          {(resource) => (
            <li key={resource.resourceId} className="px-4 py-3">
              <span className="font-medium text-ink">{resource.resourceId}</span> · {resource.source} · since {day(resource.grantedAt)}
            </li>
          )}
        </Panel>
        <Panel title="Bookings then" empty="No bookings." items={moment.bookings}>
          {(booking) => (
            <li key={booking.bookingId} className="px-4 py-3">
              <span className="font-medium text-ink">{booking.title}</span> with {booking.hostName} · {when(booking.startAt)} ·{' '}
              <span className="capitalize">{booking.status}</span>
            </li>
          )}
        </Panel>
        <Panel title="Pending payments then" empty="No payments pending." items={moment.pendingPayments}>
          {(pending) => (
            <li key={pending.id} className="px-4 py-3">
              <span className="font-medium text-ink">{pending.resourceId}</span> · {pending.kind} · {money(pending.amountCents, pending.currency)} ·{' '}
              {pending.status} · opened {day(pending.openedAt)}
            </li>
          )}
        </Panel>
      </div>
    </section>
  );
}

function Panel<T>({ title, empty, items, children }: { title: string; empty: string; items: T[]; children: (item: T) => ReactNode }) {
  const id = `moment-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-line bg-surface-raised">
      <h3 id={id} className="border-b border-line px-4 py-2 text-sm font-semibold text-ink">
        {title} <span className="font-normal text-ink-subtle">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-ink-subtle">{empty}</p>
      ) : (
        <ul className="divide-y divide-line text-sm break-words text-ink-muted">{items.map(children)}</ul>
      )}
    </section>
  );
}
