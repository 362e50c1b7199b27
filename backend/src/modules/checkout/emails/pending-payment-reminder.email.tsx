import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, type EmailProps } from '../../email/email-definition';
import { Greeting, Paragraph } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';
import { formatDay, formatWhen } from '../../email/emails/when';

interface PendingPayment {
  name?: string | null;
  itemTitle: string;
  amountCents: number;
  currency: string;
  payUrl: string;
  expiresAt: string;
}

function PendingPaymentReminder({ data: d, context: c, footer }: EmailProps<PendingPayment>) {
  return (
    <EmailLayout
      preview={`Complete the payment by ${formatDay(d.expiresAt, c.timeZone)}.`}
      heading="Finish your purchase"
      action={{ label: 'Complete payment', href: d.payUrl }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {'Your order for '}
        <strong>{d.itemTitle}</strong>
        {` (${formatMoney(d.amountCents, d.currency)}) is waiting for payment. It stays open until ${formatWhen(d.expiresAt, c.timeZone)}.`}
      </Paragraph>
    </EmailLayout>
  );
}

export const pendingPaymentReminder = emailKind<PendingPayment>({
  topic: 'transactional',
  sample: {
    name: 'Ada',
    itemTitle: 'Obsidian Templates Bundle',
    amountCents: 2900,
    currency: 'USD',
    payUrl: 'http://localhost:3000/dashboard?section=pending-payments',
    expiresAt: '2026-11-25T14:05:00Z',
  },
  subject: (d) => `Your ${d.itemTitle} is waiting for payment`,
  Email: PendingPaymentReminder,
});
