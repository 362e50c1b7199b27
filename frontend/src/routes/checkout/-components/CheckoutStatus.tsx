import { AlertTriangle, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import type { CheckoutStatus as Status } from '@contracts/checkout/checkout-search';
import { formatMoney } from '@contracts/catalog/number-format';
import { formatDay } from '../../../lib/dates';
import { CallToAction } from '../../../components/ui/CallToAction';
import { StatusBanner } from '../../../components/ui/StatusBanner';
import { ChargeSummary } from './ChargeSummary';
import { purchaseDestination, purchaseLabel, type Destination } from './purchase-outcome';

function DestinationLink({ destination }: { destination: Destination }) {
  if (destination.kind === 'library') {
    // The library item is a page of its own, reached by its address.
    return (
      <CallToAction href={destination.href} size="sm">
        {destination.label}
      </CallToAction>
    );
  }
  return (
    <CallToAction to="/dashboard" search={destination.section ? { section: destination.section } : {}} size="sm">
      {destination.label}
    </CallToAction>
  );
}

/** What a form posted without JavaScript was refused for, by its stable code. */
const REFUSALS: Record<string, string> = {
  'checkout.already_owned': 'This is already on your account, so nothing was started.',
  'checkout.included_with_subscription': 'This comes with every subscription: choose a plan to get it.',
  'checkout.discount_refused': 'That discount no longer applies, so nothing was started. The total below says what you would pay now.',
  'checkout.book_a_time': 'A session is booked for a time: choose one on the sessions page, then pay.',
  CROSS_SITE: 'The checkout was sent from another site, so we did not start it. If you meant to buy this, press the button below.',
  'checkout.payments_unavailable': 'We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.',
  UNAVAILABLE: 'We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.',
  VALIDATION_FAILED: 'The form was not complete. Please check the quantity and try again.',
};

/** What happened after Stripe sent the buyer back, and what happens next. */
export function CheckoutStatusBanner({ status, reason, data, waitedTooLong }: { status: Status; reason?: string; data: CheckoutData; waitedTooLong: boolean }) {
  const title = data.resource?.title ?? 'your purchase';
  if (status === 'success') {
    const state = data.latest?.state;
    const trial = data.latest?.trial;
    if (state === 'paid' && trial) {
      return (
        <StatusBanner tone="good" icon={<CheckCircle2 aria-hidden="true" className="text-success" />} title="Your free trial has started">
          <p>
            <strong className="font-semibold text-ink" data-testid="purchase-outcome">
              {purchaseLabel(data)}
            </strong>{' '}
            {`is on your account, free until ${formatDay(trial.endsAt)}. Then ${formatMoney(trial.amountCents, trial.currency)} a month is charged to your card, unless you cancel before. We have emailed your license key.`}
          </p>
          <DestinationLink destination={purchaseDestination(data)} />
        </StatusBanner>
      );
    }
    if (state === 'paid') {
      return (
        <StatusBanner tone="good" icon={<CheckCircle2 aria-hidden="true" className="text-success" />} title="Payment received: thank you!">
          <p>
            <strong className="font-semibold text-ink" data-testid="purchase-outcome">
              {purchaseLabel(data)}
            </strong>{' '}
            {data.resource?.type === 'api_credits' ? 'added to your credits' : 'is on your account'}. We have emailed your receipt
            {data.resource?.type === 'license' ? ' and your license key' : ''}.
          </p>
          {data.latest?.charge ? <ChargeSummary charge={data.latest.charge} /> : null}
          <DestinationLink destination={purchaseDestination(data)} />
        </StatusBanner>
      );
    }
    if (state === 'processing') {
      return (
        <StatusBanner tone="wait" icon={<Clock aria-hidden="true" className="text-ink-subtle" />} title="Your payment is on its way">
          <p>
            Your bank is processing the payment. This can take a few days; we will email you as soon as it clears and {title} will appear in your dashboard.
          </p>
          <CallToAction to="/dashboard" search={{ section: 'pending-payments' }} size="sm" variant="secondary">
            See pending payments
          </CallToAction>
        </StatusBanner>
      );
    }
    return (
      <StatusBanner tone="wait" icon={<Loader2 aria-hidden="true" className="animate-spin text-accent-300" />} title="Confirming your payment…">
        <p>
          {waitedTooLong
            ? 'This is taking longer than usual. Your payment is safe: as soon as Stripe confirms it, it appears in your dashboard and we email your receipt.'
            : 'Stripe is confirming your payment. This page updates by itself in a few seconds.'}
        </p>
        {waitedTooLong ? (
          <CallToAction to="/dashboard" size="sm" variant="secondary">
            Go to your dashboard
          </CallToAction>
        ) : null}
      </StatusBanner>
    );
  }
  if (status === 'cancelled') {
    return (
      <StatusBanner tone="wait" icon={<XCircle aria-hidden="true" className="text-ink-subtle" />} title="Checkout cancelled">
        <p>Nothing was charged. You can start again below whenever you are ready.</p>
      </StatusBanner>
    );
  }
  if (status === 'configuration-error') {
    return (
      <StatusBanner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="This item cannot be bought right now">
        <p>
          Its price is not set up on our side. Nothing was charged. We have been notified; please try again later or contact support and we will sort it out.
        </p>
        <CallToAction to="/contact" size="sm" variant="secondary">
          Contact support
        </CallToAction>
      </StatusBanner>
    );
  }
  if (data.mode === 'free') {
    return (
      <StatusBanner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="We could not add this to your account">
        <p>
          {reason === 'CROSS_SITE'
            ? 'The request came from another site, so we did not act on it. Press “Get it free” below to add it.'
            : 'Please press “Get it free” again; if it keeps happening, contact support.'}
        </p>
      </StatusBanner>
    );
  }
  const refusal = reason && Object.hasOwn(REFUSALS, reason) ? REFUSALS[reason] : undefined;
  return (
    <StatusBanner
      tone="bad"
      icon={<AlertTriangle aria-hidden="true" className="text-danger" />}
      title={refusal ? 'The checkout was not started' : 'Something went wrong with the checkout'}
    >
      <p>{refusal ?? 'Nothing was charged. Please try again; if it keeps happening, contact support and tell us what you were buying.'}</p>
    </StatusBanner>
  );
}
