import { planName } from '@contracts/catalog/plan-names';
import { useQuery } from '@tanstack/react-query';
import type { CustomerAccount } from '@contracts/admin/customer-account.contract';
import { SUPPORT_CREDIT_LIMIT, SUPPORT_DAILY_CREDIT_LIMIT, type AdminViewer } from '@contracts/admin/support-actions.contract';
import { resourcesQuery } from '../../../queries/catalog';
import { FIELD, SupportActionForm } from './SupportActionForm';
import { RefundForm } from './RefundForm';

const OWNER_CREDIT_LIMIT = 100_000;
const field = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The support actions on one account: each a small form, recorded with who took it and why. */
export function SupportActions({ account, viewer }: { account: CustomerAccount; viewer: AdminViewer }) {
  const userId = account.userId;
  // Not page data: only the grant form needs the catalog, and the panel works while it loads.
  const catalog = useQuery(resourcesQuery({}));
  const liveLicenses = account.licenses.filter((license) => license.status !== 'revoked');
  const subscriptions = liveLicenses.filter((license) => license.subscriptionId !== null && license.status !== 'ended');
  // A lifetime license never ends: only a subscription's license can be kept on past its end.
  const extendable = liveLicenses.filter((license) => license.kind === 'subscription');
  const bookings = account.bookings.filter((booking) => booking.status === 'confirmed');
  const grantedResources = account.resources.filter((resource) => resource.source === 'free');
  const creditLimit = viewer.role === 'owner' ? OWNER_CREDIT_LIMIT : SUPPORT_CREDIT_LIMIT;
  const optionsOf = (licenses: typeof liveLicenses) =>
    licenses.map((license) => (
      <option key={license.licenseId} value={license.licenseId}>
        {planName(license.plan)} · key …{license.keyHint} · {license.status}
      </option>
    ));
  const licenseOptions = optionsOf(liveLicenses);

  return (
    <section aria-labelledby="support-actions" className="mt-8">
      <h2 id="support-actions" className="text-lg font-semibold text-ink">
        Support actions
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Signed in as{' '}
        {viewer.role === 'owner'
          ? 'an owner: every action is open to you'
          : `support: you can resend keys, grant resources and up to ${SUPPORT_CREDIT_LIMIT} credits at a time, ${SUPPORT_DAILY_CREDIT_LIMIT.toLocaleString('en-US')} a day`}
        . Each action is recorded with your name and reason, and shows in the timeline and the audit log.
      </p>
      <div className="mt-3 grid grid-cols-1 items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="resend_license_email"
          description={`Sends the license key email again to ${account.email ?? 'the account’s address'}.`}
          unavailable={liveLicenses.length === 0 ? 'No license to resend.' : !account.email ? 'No address known for this account.' : undefined}
          read={(form) => ({ kind: 'resend_license_email', details: { licenseId: field(form, 'licenseId') } })}
        >
          <label className="block text-xs text-ink-subtle">
            License
            <select name="licenseId" className={FIELD}>
              {licenseOptions}
            </select>
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="grant_resource"
          description="Puts a resource from the catalog on the account, free of charge."
          read={(form) => (field(form, 'resourceId') ? { kind: 'grant_resource', details: { resourceId: field(form, 'resourceId') } } : 'Pick a resource.')}
        >
          <label className="block text-xs text-ink-subtle">
            Resource
            <select name="resourceId" className={FIELD} aria-busy={catalog.isPending || undefined}>
              <option value="">{catalog.isPending ? 'Loading the catalog…' : catalog.isError ? 'The catalog could not be loaded' : 'Pick a resource'}</option>
              {(catalog.data?.resources ?? []).map((resource) => (
                <option key={resource.id} value={resource.id}>
                  {resource.title} ({resource.type})
                </option>
              ))}
            </select>
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="grant_credits"
          description={`Adds credits that never expire. Up to ${creditLimit.toLocaleString('en-US')} per action${
            viewer.role === 'owner' ? '' : ` and ${SUPPORT_DAILY_CREDIT_LIMIT.toLocaleString('en-US')} a day (UTC) for support`
          }.`}
          read={(form) => {
            const credits = Number(field(form, 'credits'));
            if (!Number.isInteger(credits) || credits < 1) return 'Credits: a whole number, 1 or more.';
            if (credits > creditLimit) return `At most ${creditLimit.toLocaleString('en-US')} credits in one action.`;
            return { kind: 'grant_credits', details: { credits } };
          }}
        >
          <label className="block text-xs text-ink-subtle">
            Credits
            <input name="credits" type="number" inputMode="numeric" min={1} max={creditLimit} step={1} required className={FIELD} />
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="extend_license"
          description="Keeps a subscription's license active until the date you pick, even if the subscription ends sooner; a later renewal carries it further."
          unavailable={extendable.length === 0 ? 'No subscription license to extend (a lifetime license never ends).' : undefined}
          read={(form) => {
            const until = field(form, 'until');
            if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return 'Pick the date it should last until.';
            return { kind: 'extend_license', details: { licenseId: field(form, 'licenseId'), until: `${until}T23:59:59.000Z` } };
          }}
        >
          <label className="block text-xs text-ink-subtle">
            License
            <select name="licenseId" className={FIELD}>
              {optionsOf(extendable)}
            </select>
          </label>
          <label className="block text-xs text-ink-subtle">
            Active until (end of the day, UTC)
            <input name="until" type="date" required className={FIELD} />
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="revoke_license"
          destructive
          description="Stops a license working at once: the plugin reports it revoked at its next check."
          unavailable={liveLicenses.length === 0 ? 'No license to revoke.' : undefined}
          read={(form) => ({ kind: 'revoke_license', details: { licenseId: field(form, 'licenseId') } })}
          confirmText={() => 'Revoke this license now?'}
        >
          <label className="block text-xs text-ink-subtle">
            License
            <select name="licenseId" className={FIELD}>
              {licenseOptions}
            </select>
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="revoke_resource"
          destructive
          description="Takes away a free or support-granted resource. A bought one goes with a refund."
          unavailable={grantedResources.length === 0 ? 'No free or granted resource on this account.' : undefined}
          read={(form) => ({ kind: 'revoke_resource', details: { resourceId: field(form, 'resourceId') } })}
          confirmText={(body) => `Take ${'resourceId' in body.details ? body.details.resourceId : 'this resource'} off the account?`}
        >
          <label className="block text-xs text-ink-subtle">
            Resource
            <select name="resourceId" className={FIELD}>
              {grantedResources.map((resource) => (
                <option key={resource.resourceId} value={resource.resourceId}>
                  {resource.resourceId}
                </option>
              ))}
            </select>
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="cancel_subscription"
          destructive
          description="Cancels a subscription at Stripe now, without a refund: it does not renew, and its license ends."
          unavailable={subscriptions.length === 0 ? 'No subscription running.' : undefined}
          read={(form) => ({ kind: 'cancel_subscription', details: { subscriptionId: field(form, 'subscriptionId') } })}
          confirmText={() => 'Cancel this subscription now?'}
        >
          <label className="block text-xs text-ink-subtle">
            Subscription
            <select name="subscriptionId" className={FIELD}>
              {subscriptions.map((license) => (
                <option key={license.licenseId} value={license.subscriptionId ?? ''}>
                  {planName(license.plan)} · key …{license.keyHint} · {license.status}
                </option>
              ))}
            </select>
          </label>
        </SupportActionForm>

        <SupportActionForm
          userId={userId}
          viewer={viewer}
          kind="cancel_booking"
          destructive
          description="Cancels a booked session through the booking rules: at the customer's request, refunded in full with 24 hours' notice; called off by us, always refunded in full."
          unavailable={bookings.length === 0 ? 'No confirmed booking.' : undefined}
          read={(form) => ({
            kind: 'cancel_booking',
            details: { bookingId: field(form, 'bookingId'), onBehalfOf: field(form, 'onBehalfOf') === 'us' ? 'us' : 'customer' },
          })}
          confirmText={(body) =>
            body.kind === 'cancel_booking' && body.details.onBehalfOf === 'us'
              ? 'Call this session off and refund it in full?'
              : 'Cancel this session at the customer’s request (refunded in full only with 24 hours’ notice)?'
          }
        >
          <label className="block text-xs text-ink-subtle">
            Booking
            <select name="bookingId" className={FIELD}>
              {bookings.map((booking) => (
                <option key={booking.bookingId} value={booking.bookingId}>
                  {booking.title} · {booking.startAt.replace('T', ' ').slice(0, 16)} UTC · {booking.hostName}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="text-xs text-ink-subtle">
            <legend>Who is cancelling</legend>
            <label className="mt-1 flex items-center gap-2 text-sm text-ink">
              <input type="radio" name="onBehalfOf" value="customer" defaultChecked /> The customer asked
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm text-ink">
              <input type="radio" name="onBehalfOf" value="us" /> We are calling it off
            </label>
          </fieldset>
        </SupportActionForm>

        <RefundForm account={account} viewer={viewer} />
      </div>
    </section>
  );
}
