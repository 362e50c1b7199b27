import { planName } from '@contracts/catalog/plan-names';
import type { ReactNode } from 'react';
import type { CustomerAccount } from '@contracts/admin/customer-account.contract';

type License = CustomerAccount['licenses'][number];
type Purchase = CustomerAccount['purchases'][number];
type Resource = CustomerAccount['resources'][number];
type Booking = CustomerAccount['bookings'][number];
type PendingPayment = CustomerAccount['pendingPayments'][number];

/** The account as it is now, or as it was at a moment of its log: "then" leaves out the dates that only matter today. */
export type AccountView = 'now' | 'then';

export type AccountSections = Pick<CustomerAccount, 'plan' | 'credits' | 'licenses' | 'purchases' | 'resources' | 'bookings' | 'pendingPayments'>;

export const day = (iso: string) => iso.slice(0, 10);
export const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
const money = (cents: number | null, currency: string | null) => (cents === null || !currency ? '—' : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`);

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-subtle">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

export function CreditsFact({ credits }: { credits: CustomerAccount['credits'] }) {
  return (
    <Fact term="Credits">
      {credits.balance} ({credits.included} included, {credits.packs} from packs)
    </Fact>
  );
}

export function Panel<T>({ title, empty, items, children }: { title: string; empty: string; items: T[]; children: (item: T) => ReactNode }) {
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

/** The five panels both views share, titled "Licenses then" and so on for a moment; `children` adds panels after them. */
export function AccountPanels({ account, view, children }: { account: AccountSections; view: AccountView; children?: ReactNode }) {
  const title = (name: string) => (view === 'then' ? `${name} then` : name);
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <Panel title={title('Licenses')} empty="No licenses." items={account.licenses}>
        {(license) => <LicenseRow key={license.licenseId} license={license} view={view} />}
      </Panel>
      <Panel title={title('Purchases')} empty="No purchases." items={account.purchases}>
        {(purchase) => <PurchaseRow key={purchase.checkoutRef} purchase={purchase} view={view} />}
      </Panel>
      <Panel title={title('Resources')} empty="No resources." items={account.resources}>
        {(resource) => <ResourceRow key={resource.resourceId} resource={resource} />}
      </Panel>
      <Panel title={title('Bookings')} empty="No bookings." items={account.bookings}>
        {(booking) => <BookingRow key={booking.bookingId} booking={booking} />}
      </Panel>
      <Panel title={title('Pending payments')} empty="No payments pending." items={account.pendingPayments}>
        {(pending) => <PendingPaymentRow key={pending.id} pending={pending} view={view} />}
      </Panel>
      {children}
    </div>
  );
}

export function LicenseRow({ license, view }: { license: License; view: AccountView }) {
  const seats = license.seatHolders.map((seat) => seat.email).join(', ');
  return (
    <li className="px-4 py-3">
      <p className="font-medium text-ink">
        {planName(license.plan)} · {license.kind} · <span className="capitalize">{license.status}</span>
      </p>
      <p className="text-ink-muted">
        Key …{license.keyHint} · {license.seats} {license.seats === 1 ? 'seat' : 'seats'} · {license.devicesPerSeat} devices per seat
        {view === 'now' ? ` · granted ${day(license.grantedAt)}` : ''}
        {license.validUntil ? ` · valid until ${day(license.validUntil)}` : ''}
      </p>
      {seats ? (
        <p className="text-ink-muted">Seats given to: {seats}</p>
      ) : view === 'then' ? (
        // Then, an empty seat list is a fact worth reading against the changes since.
        <p className="text-ink-muted">No seats given.</p>
      ) : null}
      {license.devices.length ? (
        <ul className="mt-1 list-disc pl-5 text-ink-muted" aria-label={`Devices on license ${license.licenseId}${view === 'then' ? ' then' : ''}`}>
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
  );
}

export function PurchaseRow({ purchase, view }: { purchase: Purchase; view: AccountView }) {
  return (
    <li className="px-4 py-3">
      <span className="font-medium text-ink">{purchase.title}</span> · {money(purchase.amountCents, purchase.currency)} ·{' '}
      <span className="capitalize">{purchase.status.replace('_', ' ')}</span>
      {purchase.refundedCents ? ` · refunded ${money(purchase.refundedCents, purchase.currency)}` : ''}
      {view === 'now' && purchase.completedAt ? ` · ${day(purchase.completedAt)}` : ''}
    </li>
  );
}

export function ResourceRow({ resource }: { resource: Resource }) {
  return (
    <li className="px-4 py-3">
      <span className="font-medium text-ink">{resource.resourceId}</span> · {resource.source} · since {day(resource.grantedAt)}
    </li>
  );
}

export function BookingRow({ booking }: { booking: Booking }) {
  return (
    <li className="px-4 py-3">
      <span className="font-medium text-ink">{booking.title}</span> with {booking.hostName} · {when(booking.startAt)} ·{' '}
      <span className="capitalize">{booking.status}</span>
    </li>
  );
}

export function PendingPaymentRow({ pending, view }: { pending: PendingPayment; view: AccountView }) {
  return (
    <li className="px-4 py-3">
      <span className="font-medium text-ink">{pending.resourceId}</span> · {pending.kind} · {money(pending.amountCents, pending.currency)} · {pending.status} ·
      opened {day(pending.openedAt)}
      {view === 'now' && pending.expiresAt ? ` · expires ${when(pending.expiresAt)}` : ''}
    </li>
  );
}
