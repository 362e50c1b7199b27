import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, siteLink, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Greeting, Paragraph } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatWhen } from '../../../platform/email-templates/when';
import { SAMPLE_SESSION, type SessionEmailData } from './session-email';

type Refused = SessionEmailData & { amountCents: number; currency: string };

function BookingRefused({ data: d, context: c, footer }: EmailProps<Refused>) {
  const amount = formatMoney(d.amountCents, d.currency);
  return (
    <EmailLayout
      preview={`Someone else took that time while your payment was completing. ${amount} is on its way back to you.`}
      heading="That time was taken"
      action={{ label: 'Pick another time', href: siteLink(c, '/sessions') }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {'While your payment was completing, someone else booked '}
        <strong>{d.sessionTitle}</strong>
        {` with ${d.hostName} on ${formatWhen(d.startsAt, c.timeZone)}, so we could not book it for you.`}
      </Paragraph>
      <Paragraph>{`We've refunded the full ${amount}; it reaches your card in 5–10 business days.`}</Paragraph>
      <Paragraph>Sorry about that. Please pick another time.</Paragraph>
    </EmailLayout>
  );
}

export const bookingRefused = emailKind<Refused>({
  topic: 'transactional',
  sample: { ...SAMPLE_SESSION, amountCents: 9900, currency: 'USD' },
  subject: (d) => `Not booked: ${d.sessionTitle} (your payment is refunded)`,
  Email: BookingRefused,
});
