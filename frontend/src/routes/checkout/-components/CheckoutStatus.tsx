import { AlertTriangle, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import type { CheckoutData } from '../../../../../contracts/checkout/checkout.contract';
import type { CheckoutStatus as Status } from '../../../../../contracts/checkout/checkout-search';
import { ButtonLink } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';

const TONES = {
  good: 'border-success/40 bg-success/10',
  wait: 'border-line-strong bg-surface-overlay',
  bad: 'border-danger/40 bg-danger-soft',
} as const;

function Banner({ tone, icon, title, children }: { tone: keyof typeof TONES; icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div role={tone === 'bad' ? 'alert' : 'status'} className={cx('flex gap-4 rounded-2xl border p-5 sm:p-6', TONES[tone])}>
      <div className="mt-0.5 shrink-0 [&_svg]:size-6">{icon}</div>
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        <div className="mt-1.5 space-y-3 text-sm text-ink-muted">{children}</div>
      </div>
    </div>
  );
}

const dashboardSection = (data: CheckoutData) => (data.resource?.type === 'license' ? 'license' : data.resource?.type === 'session' ? 'sessions' : 'resources');

/** What happened after Stripe sent the buyer back, and what happens next. */
export function CheckoutStatusBanner({ status, data, waitedTooLong }: { status: Status; data: CheckoutData; waitedTooLong: boolean }) {
  const title = data.resource?.title ?? 'your purchase';
  if (status === 'success') {
    const state = data.latest?.state;
    if (state === 'paid') {
      return (
        <Banner tone="good" icon={<CheckCircle2 aria-hidden="true" className="text-success" />} title="Payment received: thank you!">
          <p>{title} is on your account. We have emailed your receipt{data.resource?.type === 'license' ? ' and your license key' : ''}.</p>
          <ButtonLink to="/dashboard" search={{ section: dashboardSection(data) }} size="sm">
            Open your dashboard
          </ButtonLink>
        </Banner>
      );
    }
    if (state === 'processing') {
      return (
        <Banner tone="wait" icon={<Clock aria-hidden="true" className="text-ink-subtle" />} title="Your payment is on its way">
          <p>Your bank is processing the payment. This can take a few days; we will email you as soon as it clears and {title} will appear in your dashboard.</p>
          <ButtonLink to="/dashboard" search={{ section: 'pending-payments' }} size="sm" variant="secondary">
            See pending payments
          </ButtonLink>
        </Banner>
      );
    }
    return (
      <Banner tone="wait" icon={<Loader2 aria-hidden="true" className="animate-spin text-accent-300" />} title="Confirming your payment…">
        <p>
          {waitedTooLong
            ? 'This is taking longer than usual. Your payment is safe: as soon as Stripe confirms it, it appears in your dashboard and we email your receipt.'
            : 'Stripe is confirming your payment. This page updates by itself in a few seconds.'}
        </p>
        {waitedTooLong ? (
          <ButtonLink to="/dashboard" size="sm" variant="secondary">
            Go to your dashboard
          </ButtonLink>
        ) : null}
      </Banner>
    );
  }
  if (status === 'cancelled') {
    return (
      <Banner tone="wait" icon={<XCircle aria-hidden="true" className="text-ink-subtle" />} title="Checkout cancelled">
        <p>Nothing was charged. You can start again below whenever you are ready.</p>
      </Banner>
    );
  }
  if (status === 'configuration-error') {
    return (
      <Banner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="This item cannot be bought right now">
        <p>Its price is not set up on our side. Nothing was charged. We have been notified; please try again later or contact support and we will sort it out.</p>
        <ButtonLink to="/contact" size="sm" variant="secondary">
          Contact support
        </ButtonLink>
      </Banner>
    );
  }
  return (
    <Banner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="Something went wrong with the checkout">
      <p>Nothing was charged. Please try again; if it keeps happening, contact support and tell us what you were buying.</p>
    </Banner>
  );
}
