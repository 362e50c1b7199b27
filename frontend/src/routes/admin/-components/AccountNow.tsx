import type { ReactNode } from 'react';
import type { CustomerAccount } from '@contracts/admin/customer-account.contract';

const day = (iso: string) => iso.slice(0, 10);
const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
const money = (cents: number | null, currency: string | null) => (cents === null || !currency ? '—' : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`);

/** The account as it is now: what the customer has, owes and was sent. */
export function AccountNow({ account }: { account: CustomerAccount }) {
  return (
    <section aria-labelledby="account-now">
      <h2 id="account-now" className="text-lg font-semibold text-ink">
        The account now
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 rounded-xl border border-line bg-surface-raised p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="User id">
          <span className="font-mono text-xs break-all">{account.userId}</span>
        </Fact>
        <Fact term="Email">{account.email ?? '—'}</Fact>
        <Fact term="Plan">{account.plan ?? 'No plan'}</Fact>
        <Fact term="Credits">
          {account.credits.balance} ({account.credits.included} included, {account.credits.packs} from packs)
        </Fact>
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel title="Licenses" empty="No licenses." items={account.licenses}>
          {(license) => (
            <li key={license.licenseId} className="px-4 py-3">
              <p className="font-medium text-ink">
                {license.plan} · {license.kind} · <span className="capitalize">{license.status}</span>
              </p>
              <p className="text-ink-muted">
                Key …{license.keyHint} · {license.seats} {license.seats === 1 ? 'seat' : 'seats'} · {license.devicesPerSeat} devices per seat · granted{' '}
                {day(license.grantedAt)}
                {license.validUntil ? ` · valid until ${day(license.validUntil)}` : ''}
              </p>
              {license.seatHolders.length ? <p className="text-ink-muted">Seats given to: {license.seatHolders.map((seat) => seat.email).join(', ')}</p> : null}
              {license.devices.length ? (
                <ul className="mt-1 list-disc pl-5 text-ink-muted" aria-label={`Devices on license ${license.licenseId}`}>
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
        <Panel title="Purchases" empty="No purchases." items={account.purchases}>
          {(purchase) => (
            <li key={purchase.checkoutRef} className="px-4 py-3">
              <span className="font-medium text-ink">{purchase.title}</span> · {money(purchase.amountCents, purchase.currency)} ·{' '}
              <span className="capitalize">{purchase.status}</span>
              {purchase.refundedCents ? ` · refunded ${money(purchase.refundedCents, purchase.currency)}` : ''}
              {purchase.completedAt ? ` · ${day(purchase.completedAt)}` : ''}
            </li>
          )}
        </Panel>
        <Panel title="Resources" empty="No resources." items={account.resources}>
          {(resource) => (
            <li key={resource.resourceId} className="px-4 py-3">
              <span className="font-medium text-ink">{resource.resourceId}</span> · {resource.source} · since {day(resource.grantedAt)}
            </li>
          )}
        </Panel>
        <Panel title="Bookings" empty="No bookings." items={account.bookings}>
          {(booking) => (
            <li key={booking.bookingId} className="px-4 py-3">
              <span className="font-medium text-ink">{booking.title}</span> with {booking.hostName} · {when(booking.startAt)} ·{' '}
              <span className="capitalize">{booking.status}</span>
            </li>
          )}
        </Panel>
        <Panel title="Pending payments" empty="No payments pending." items={account.pendingPayments}>
          {(pending) => (
            <li key={pending.id} className="px-4 py-3">
              <span className="font-medium text-ink">{pending.resourceId}</span> · {pending.kind} · {money(pending.amountCents, pending.currency)} ·{' '}
              {pending.status} · opened {day(pending.openedAt)}
              {pending.expiresAt ? ` · expires ${when(pending.expiresAt)}` : ''}
            </li>
          )}
        </Panel>
        <Panel title="Emails sent" empty="No emails sent." items={account.emails}>
          {(email) => (
            <li key={`${email.kind}-${email.deliveredAt}`} className="px-4 py-3">
              <span className="font-medium text-ink">{email.kind}</span> to {email.toAddress} · {when(email.deliveredAt)}
            </li>
          )}
        </Panel>
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-subtle">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

function Panel<T>({ title, empty, items, children }: { title: string; empty: string; items: T[]; children: (item: T) => ReactNode }) {
  const id = `account-${title.toLowerCase().replace(/\s+/g, '-')}`;
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
