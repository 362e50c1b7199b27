import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Greeting, Paragraph } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';

interface TrialRefused {
  name?: string | null;
  planTitle: string;
  amountCents: number;
  currency: string;
  manageUrl: string;
}

/** Sent when a trial is ended at once because its card already had one: the subscription goes on at the regular price. */
function TrialRefusedEmail({ data: d, footer }: EmailProps<TrialRefused>) {
  const amount = formatMoney(d.amountCents, d.currency);
  return (
    <EmailLayout
      preview={`This card already had a ${d.planTitle} trial, so your subscription started now at ${amount} a month.`}
      heading={`Your ${d.planTitle} subscription started without a trial`}
      action={{ label: 'Manage your plan', href: d.manageUrl }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {`The card you gave has already had a ${d.planTitle} trial, and a trial is offered once per card, so your subscription started now at the regular price: we charged `}
        <strong>{amount}</strong>
        {' (plus any tax) and your plan is active.'}
      </Paragraph>
      <Paragraph>{'If you did not mean to subscribe, cancel from your dashboard and write to us for a refund.'}</Paragraph>
    </EmailLayout>
  );
}

export const trialRefused = emailKind<TrialRefused>({
  topic: 'transactional',
  sample: { name: 'Ada', planTitle: 'Pro', amountCents: 3900, currency: 'USD', manageUrl: 'http://localhost:3000/dashboard?section=licenses' },
  subject: (d) => `You have already had a ${d.planTitle} trial: your subscription started at the regular price`,
  Email: TrialRefusedEmail,
});
