import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import { REVERSE_CHARGE_NOTE } from '../../../../../contracts/billing/document-text';
import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, siteLink, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Facts, Greeting, Paragraph, TextLink } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatDay, formatWhen } from '../../../platform/email-templates/when';
import { taxRows } from './tax-rows';

interface Purchase {
  name?: string | null;
  orderId: string;
  paidAt: string;
  items: Array<{ title: string; quantity: number; amountCents: number }>;
  totalCents: number;
  currency: string;
  /** Where the charge's invoice opens (sent before this was linked: absent). */
  invoicePath?: string | null;
  /** What the charge was for the books (sent before tax was collected, or without it: absent or null). */
  tax?: ChargeTax | null;
}

function PurchaseReceipt({ data: d, context: c, footer }: EmailProps<Purchase>) {
  const rows = [
    ...d.items.map((i): [string, string] => [`${i.title} × ${i.quantity}`, formatMoney(i.amountCents, d.currency)]),
    ...(d.tax ? taxRows(d.tax, 'Total paid') : [['Total paid', formatMoney(d.totalCents, d.currency)] as [string, string]]),
  ];
  return (
    <EmailLayout
      preview={`Thank you. Order ${d.orderId}, paid ${formatDay(d.paidAt, c.timeZone)}.`}
      heading="Thank you for your purchase"
      action={{ label: 'Open your dashboard', href: siteLink(c, '/dashboard') }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {`Your payment went through on ${formatWhen(d.paidAt, c.timeZone)}. This is your receipt for order `}
        <strong>{d.orderId}</strong>.
      </Paragraph>
      <Facts rows={rows} />
      {d.tax?.reverseCharge ? <Paragraph>{REVERSE_CHARGE_NOTE}</Paragraph> : null}
      <Paragraph>Everything you bought is in your dashboard now.</Paragraph>
      {d.invoicePath ? (
        <Paragraph>
          {'Your invoice (with the tax shown, as a PDF too): '}
          <TextLink href={siteLink(c, d.invoicePath)}>view your invoice</TextLink>.
        </Paragraph>
      ) : null}
    </EmailLayout>
  );
}

export const purchaseReceipt = emailKind<Purchase>({
  topic: 'transactional',
  sample: {
    name: 'Ada',
    orderId: 'cs_test_a1B2c3',
    paidAt: '2026-11-23T14:05:00Z',
    items: [{ title: 'Lifetime License', quantity: 3, amountCents: 59700 }],
    totalCents: 59700,
    currency: 'USD',
    invoicePath: '/billing/charges/checkout/ref-1',
  },
  subject: (d) => `Your SystemSculpt receipt (${formatMoney(d.totalCents, d.currency)})`,
  Email: PurchaseReceipt,
});
