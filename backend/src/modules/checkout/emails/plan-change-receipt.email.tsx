import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import { REVERSE_CHARGE_NOTE } from '../../../../../contracts/billing/document-text';
import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, siteLink, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Facts, Greeting, Paragraph, TextLink } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatWhen } from '../../../platform/email-templates/when';
import { periodText } from './billing-period';
import { taxRows } from './tax-rows';

interface PlanChangeCharge {
  name?: string | null;
  planTitle: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** The rest of the current period, which the charge pays the difference for. */
  period: { start: string; end: string } | null;
  invoiceNumber: string | null;
  /** Where the charge's invoice opens (sent before this was linked: absent). */
  invoicePath?: string | null;
  /** What the charge was for the books (sent before tax was collected, or without it: absent or null). */
  tax?: ChargeTax | null;
}

/** The receipt of a plan change's proration charge: the difference for the rest of the period, charged at once. */
function PlanChangeReceipt({ data: d, context: c, footer }: EmailProps<PlanChangeCharge>) {
  const amount = formatMoney(d.amountCents, d.currency);
  return (
    <EmailLayout
      preview={`${amount} charged for your move to ${d.planTitle}.`}
      heading={`You moved to ${d.planTitle}`}
      action={{ label: 'View billing', href: siteLink(c, '/dashboard?section=license') }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {'We charged '}
        <strong>{amount}</strong>
        {` on ${formatWhen(d.paidAt, c.timeZone)}: the difference for the rest of this billing period, with the unused time of your previous plan credited. This is your receipt.`}
      </Paragraph>
      <Facts
        rows={[
          ['Plan', d.planTitle],
          ...(d.period ? [['Period', periodText(d.period, c.timeZone)] as [string, string]] : []),
          ...(d.tax ? taxRows(d.tax, 'Total paid') : [['Amount paid', amount] as [string, string]]),
          ...(d.invoiceNumber ? [['Invoice', d.invoiceNumber] as [string, string]] : []),
        ]}
      />
      {d.tax?.reverseCharge ? <Paragraph>{REVERSE_CHARGE_NOTE}</Paragraph> : null}
      <Paragraph>From your next renewal you pay the new plan's price.</Paragraph>
      {d.invoicePath ? (
        <Paragraph>
          {'Your invoice (with the tax shown, as a PDF too): '}
          <TextLink href={siteLink(c, d.invoicePath)}>view your invoice</TextLink>.
        </Paragraph>
      ) : null}
    </EmailLayout>
  );
}

export const planChangeReceipt = emailKind<PlanChangeCharge>({
  topic: 'transactional',
  sample: {
    name: 'Ada',
    planTitle: 'Pro',
    amountCents: 1000,
    currency: 'USD',
    paidAt: '2026-11-28T14:05:00Z',
    period: { start: '2026-11-28T14:05:00Z', end: '2026-12-28T14:05:00Z' },
    invoiceNumber: 'A1B2C3D-0003',
    invoicePath: '/billing/charges/subscription-invoice/in_1',
  },
  subject: (d) => `Your receipt: moved to ${d.planTitle} (${formatMoney(d.amountCents, d.currency)})`,
  Email: PlanChangeReceipt,
});
