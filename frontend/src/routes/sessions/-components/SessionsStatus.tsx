import { AlertTriangle, CalendarX, CheckCircle2, Loader2, Mail, XCircle } from 'lucide-react';
import type { SessionsPageData, SessionsSearch } from '@contracts/booking/booking.contract';
import { CallToAction } from '../../../components/ui/CallToAction';
import { StatusBanner } from '../../../components/ui/StatusBanner';
import { formatDayLong, formatTime } from '../../../components/booking/slot-times';

const SessionsLink = ({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) => (
  <CallToAction to="/dashboard" search={{ section: 'sessions' }} size="sm" variant={variant}>
    See your sessions
  </CallToAction>
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
        <StatusBanner tone="good" icon={<CheckCircle2 aria-hidden="true" className="text-success" />} title="Your session is booked">
          <p>
            {latest.sessionTitle}, {when} ({zone}). We have emailed the details, the meeting link and a calendar invite.
          </p>
          <SessionsLink />
        </StatusBanner>
      );
    }
    if (latest?.status === 'refused') {
      return (
        <StatusBanner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="That time was taken while you paid">
          <p>Your payment reached us after the time was booked by someone else, so we are refunding it in full. Please pick another time below.</p>
        </StatusBanner>
      );
    }
    if (latest?.status === 'released' || latest?.status === 'cancelled') {
      return (
        <StatusBanner tone="wait" icon={<XCircle aria-hidden="true" className="text-ink-subtle" />} title="This booking did not go through">
          <p>The time was given back. If anything was charged, it is refunded in full. You can pick another time below.</p>
          <SessionsLink variant="secondary" />
        </StatusBanner>
      );
    }
    if (!latest) {
      return (
        <StatusBanner tone="wait" icon={<CalendarX aria-hidden="true" className="text-ink-subtle" />} title="There is no booking to confirm">
          <p>
            {signedIn
              ? 'This account has no session booking waiting for confirmation. Once you book and pay, the confirmation shows here and comes by email.'
              : 'You are not signed in, so there is no booking here to confirm. If you booked a session, sign in to see it in your dashboard; the confirmation also comes by email.'}
          </p>
          <CallToAction to="/sessions" size="sm" variant="secondary">
            See open times
          </CallToAction>
        </StatusBanner>
      );
    }
    if (waitedTooLong) {
      return (
        <StatusBanner tone="wait" icon={<Mail aria-hidden="true" className="text-ink-subtle" />} title="Your confirmation is on its way">
          <p>
            Stripe is taking longer than usual to confirm the payment. Your time is kept for you; the confirmation will reach you by email, and the session
            appears in your dashboard as soon as it is confirmed.
          </p>
          <SessionsLink variant="secondary" />
        </StatusBanner>
      );
    }
    return (
      <StatusBanner tone="wait" icon={<Loader2 aria-hidden="true" className="animate-spin text-accent-300" />} title="Confirming your booking…">
        <p>
          Stripe is confirming your payment for {latest.sessionTitle}, {when}. This page updates by itself in a few seconds.
        </p>
      </StatusBanner>
    );
  }
  if (status === 'cancelled') {
    return (
      <StatusBanner tone="wait" icon={<XCircle aria-hidden="true" className="text-ink-subtle" />} title="Booking cancelled">
        <p>Nothing was charged, and the time you chose is free again. Pick another time below whenever you are ready.</p>
      </StatusBanner>
    );
  }
  return (
    <StatusBanner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title="Something went wrong with the booking">
      <p>Nothing was charged. Please try again; if it keeps happening, contact support and tell us which session you wanted.</p>
      <CallToAction to="/contact" size="sm" variant="secondary">
        Contact support
      </CallToAction>
    </StatusBanner>
  );
}
