import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, siteLink, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Greeting, Paragraph } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatWhen } from '../../../platform/email-templates/when';
import { SAMPLE_SESSION, type SessionEmailData } from './session-email';

type Cancellation = SessionEmailData & { refundCents: number; currency: string; by?: 'customer' | 'host' | 'payment_reversed' };

function BookingCancellation({ data: d, context: c, footer }: EmailProps<Cancellation>) {
  const when = formatWhen(d.startsAt, c.timeZone);
  const what =
    d.by === 'host'
      ? `${d.hostName} had to cancel ${d.sessionTitle} on ${when}. We're sorry.`
      : d.by === 'payment_reversed'
        ? `${d.sessionTitle} on ${when} is cancelled because its payment was refunded or disputed.`
        : `${d.sessionTitle} on ${when} is cancelled.`;
  const refund =
    d.refundCents > 0
      ? `We've refunded ${formatMoney(d.refundCents, d.currency)}; it reaches your card in 5–10 business days.`
      : d.by === 'payment_reversed'
        ? 'Nothing more is charged or refunded.'
        : 'No refund applies under the cancellation policy.';
  const preview = d.refundCents > 0 ? `${formatMoney(d.refundCents, d.currency)} is on its way back to you.` : 'Your session was cancelled.';
  return (
    <EmailLayout preview={preview} heading="Your session was cancelled" action={{ label: 'Book another time', href: siteLink(c, '/sessions') }} footer={footer}>
      <Greeting name={d.name} />
      <Paragraph>{what}</Paragraph>
      <Paragraph>{refund}</Paragraph>
      <Paragraph>The attached calendar update removes it from your calendar.</Paragraph>
    </EmailLayout>
  );
}

export const bookingCancellation = emailKind<Cancellation>({
  topic: 'transactional',
  sample: { ...SAMPLE_SESSION, refundCents: 9900, currency: 'USD', by: 'customer' },
  subject: (d) => `Cancelled: ${d.sessionTitle}`,
  Email: BookingCancellation,
});
