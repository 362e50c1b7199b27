import type { ReactNode } from 'react';
import { AlertTriangle, CalendarX, CheckCircle2, Loader2, Mail, XCircle } from 'lucide-react';
import type { SessionsPageData, SessionsSearch } from '@contracts/booking/sessions.contract';
import { ButtonLink } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { formatDayLong, formatTime } from '../../../components/booking/slot-times';

const TONES = {
  good: 'border-success/40 bg-success/10',
  wait: 'border-line-strong bg-surface-overlay',
  bad: 'border-danger/40 bg-danger-soft',
} as const;

function Banner({ tone, icon, title, children }: { tone: keyof typeof TONES; icon: ReactNode; title: string; children: ReactNode }) {
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

const SessionsLink = ({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) => (
  <ButtonLink to="/dashboard" search={{ section: 'sessions' }} size="sm" variant={variant}>
    See your sessions
  </ButtonLink>
);

/** What happened after Stripe sent the customer back (`?status=`), and what happens next. */
export function SessionsStatusBanner({
  status,
  latest,
  zone,
  waitedTooLong,
  signedIn,
}: {
  status: NonNullable<SessionsSearch['status']>;
  latest: SessionsPageData['latest'];
  zone: string;
  waitedTooLong: boolean;
  signedIn: boolean;
}) {
  if (status === 'success') {
    const when = latest ? `${formatDayLong(latest.start, zone)} at ${formatTime(latest.start, zone)}` : null;
    if (latest?.status === 'confirmed') {
      return (
        <Banner tone="good" icon={<CheckCircle2 aria-hidden="true" className="text-success" />} title="Your session is booked">
          <p>
            {latest.sessionTitle}, {when} ({zone}). We have emailed the details, the meeting link and a calendar invite.
          </p>
          <SessionsLink />
        </Banner>
      );
    }
    if (latest?.status === 'refused') {
      return (
        <Banner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="That time was taken while you paid">
          <p>Your payment reached us after the time was booked by someone else, so we are refunding it in full. Please pick another time below.</p>
        </Banner>
      );
    }
    if (latest?.status === 'released' || latest?.status === 'cancelled') {
      return (
        <Banner tone="wait" icon={<XCircle aria-hidden="true" className="text-ink-subtle" />} title="This booking did not go through">
          <p>The time was given back. If anything was charged, it is refunded in full. You can pick another time below.</p>
          <SessionsLink variant="secondary" />
        </Banner>
      );
    }
    if (!latest) {
      return (
        <Banner tone="wait" icon={<CalendarX aria-hidden="true" className="text-ink-subtle" />} title="There is no booking to confirm">
          <p>
            {signedIn
              ? 'This account has no session booking waiting for confirmation. Once you book and pay, the confirmation shows here and comes by email.'
              : 'You are not signed in, so there is no booking here to confirm. If you booked a session, sign in to see it in your dashboard; the confirmation also comes by email.'}
          </p>
          <ButtonLink to="/sessions" size="sm" variant="secondary">
            See open times
          </ButtonLink>
        </Banner>
      );
    }
    if (waitedTooLong) {
      return (
        <Banner tone="wait" icon={<Mail aria-hidden="true" className="text-ink-subtle" />} title="Your confirmation is on its way">
          <p>Stripe is taking longer than usual to confirm the payment. Your time is kept for you; the confirmation will reach you by email, and the session appears in your dashboard as soon as it is confirmed.</p>
          <SessionsLink variant="secondary" />
        </Banner>
      );
    }
    return (
      <Banner tone="wait" icon={<Loader2 aria-hidden="true" className="animate-spin text-accent-300" />} title="Confirming your booking…">
        <p>Stripe is confirming your payment for {latest.sessionTitle}, {when}. This page updates by itself in a few seconds.</p>
      </Banner>
    );
  }
  if (status === 'cancelled') {
    return (
      <Banner tone="wait" icon={<XCircle aria-hidden="true" className="text-ink-subtle" />} title="Booking cancelled">
        <p>Nothing was charged, and the time you chose is free again. Pick another time below whenever you are ready.</p>
      </Banner>
    );
  }
  return (
    <Banner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="Something went wrong with the booking">
      <p>Nothing was charged. Please try again; if it keeps happening, contact support and tell us which session you wanted.</p>
      <ButtonLink to="/contact" size="sm" variant="secondary">
        Contact support
      </ButtonLink>
    </Banner>
  );
}
