import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import { REVERSE_CHARGE_NOTE } from '../../../../../contracts/billing/document-text';
import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, siteLink, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Facts, Greeting, Paragraph, TextLink } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatDay, formatWhen } from '../../../platform/email-templates/when';
import { periodText } from './billing-period';
import { taxRows } from './tax-rows';

interface Renewal {
  name?: string | null;
  planTitle: string;
  amountCents: number;
  currency: string;
  periodEndsAt: string;
  /** The period this payment is for, and the invoice's number (renewals recorded before these were kept have neither). */
  period?: { start: string; end: string } | null;
  invoiceNumber?: string | null;
  /** Where the charge's invoice opens (sent before this was linked: absent). */
  invoicePath?: string | null;
  /** What the charge was for the books (sent before tax was collected, or without it: absent or null). */
  tax?: ChargeTax | null;
}

function SubscriptionRenewed({ data: d, context: c, footer }: EmailProps<Renewal>) {
  const amount = formatMoney(d.amountCents, d.currency);
  return (
    <EmailLayout
      preview={`${amount} paid; next renewal ${formatDay(d.periodEndsAt, c.timeZone)}.`}
      heading="Your subscription renewed"
      action={{ label: 'View billing', href: siteLink(c, '/dashboard?section=license') }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {'We charged '}
        <strong>{amount}</strong>
        {` for another month of ${d.planTitle}. Your included credits have been reset.`}
      </Paragraph>
      <Facts
        rows={[
          ...(d.period ? [['Period', periodText(d.period, c.timeZone)] as [string, string]] : []),
          ...(d.tax ? taxRows(d.tax, 'Total paid') : [['Amount paid', amount] as [string, string]]),
          ...(d.invoiceNumber ? [['Invoice', d.invoiceNumber] as [string, string]] : []),
          ['Next renewal', formatWhen(d.periodEndsAt, c.timeZone)],
        ]}
      />
      {d.tax?.reverseCharge ? <Paragraph>{REVERSE_CHARGE_NOTE}</Paragraph> : null}
      {d.invoicePath ? (
        <Paragraph>
          {'Your invoice (with the tax shown, as a PDF too): '}
          <TextLink href={siteLink(c, d.invoicePath)}>view your invoice</TextLink>.
        </Paragraph>
      ) : null}
    </EmailLayout>
  );
}

export const subscriptionRenewed = emailKind<Renewal>({
  topic: 'transactional',
  sample: {
    name: 'Ada',
    planTitle: 'Pro Monthly',
    amountCents: 2000,
    currency: 'USD',
    periodEndsAt: '2026-12-23T14:05:00Z',
    period: { start: '2026-11-23T14:05:00Z', end: '2026-12-23T14:05:00Z' },
    invoiceNumber: 'A1B2C3D-0002',
    invoicePath: '/billing/charges/subscription-invoice/in_1',
  },
  subject: (d) => `${d.planTitle} renewed: your receipt`,
  Email: SubscriptionRenewed,
});
