import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, type EmailProps } from '../../email/email-definition';
import { Greeting, Paragraph } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';
import { formatWhen } from '../../email/emails/when';

interface FailedRenewal {
  name?: string | null;
  planTitle: string;
  amountCents: number;
  currency: string;
  payUrl: string;
  retryAt?: string | null;
}

function RenewalFailed({ data: d, context: c, footer }: EmailProps<FailedRenewal>) {
  const amount = formatMoney(d.amountCents, d.currency);
  return (
    <EmailLayout
      preview={`Pay ${amount} to keep your plan active.`}
      heading="Your renewal payment didn't go through"
      action={{ label: 'Pay now', href: d.payUrl }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {"We couldn't charge "}
        <strong>{amount}</strong>
        {` for ${d.planTitle}. Your plan stays active while you sort it out.`}
      </Paragraph>
      <Paragraph>
        {d.retryAt
          ? `We'll try again on ${formatWhen(d.retryAt, c.timeZone)}, or you can pay now with another card.`
          : 'Pay now with another card to keep your plan.'}
      </Paragraph>
    </EmailLayout>
  );
}

export const renewalFailed = emailKind<FailedRenewal>({
  topic: 'transactional',
  sample: {
    name: 'Ada',
    planTitle: 'Pro Monthly',
    amountCents: 2000,
    currency: 'USD',
    payUrl: 'http://localhost:3000/dashboard?section=pending-payments',
    retryAt: '2026-11-26T14:05:00Z',
  },
  subject: (d) => `Action needed: your ${d.planTitle} payment didn't go through`,
  Email: RenewalFailed,
});
