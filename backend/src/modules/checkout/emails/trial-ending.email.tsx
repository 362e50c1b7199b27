import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { emailKind, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Greeting, Paragraph } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatWhen } from '../../../platform/email-templates/when';

interface TrialEnding {
  name?: string | null;
  planTitle: string;
  trialEnd: string;
  amountCents: number;
  currency: string;
  manageUrl: string;
}

/** Sent on Stripe's customer.subscription.trial_will_end, three days before the first charge. */
function TrialEndingEmail({ data: d, context: c, footer }: EmailProps<TrialEnding>) {
  const amount = formatMoney(d.amountCents, d.currency);
  const when = formatWhen(d.trialEnd, c.timeZone);
  return (
    <EmailLayout
      preview={`Your ${d.planTitle} trial ends on ${when}; ${amount} will be charged then.`}
      heading={`Your ${d.planTitle} trial ends soon`}
      action={{ label: 'Manage your plan', href: d.manageUrl }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {`Your free ${d.planTitle} trial ends on ${when}. We'll charge `}
        <strong>{amount}</strong>
        {' (plus any tax) to the card you gave then, and every month after, and your plan carries on.'}
      </Paragraph>
      <Paragraph>{`Not for you? Cancel before ${when} from your dashboard and you won't be charged anything.`}</Paragraph>
    </EmailLayout>
  );
}

export const trialEnding = emailKind<TrialEnding>({
  topic: 'transactional',
  sample: {
    name: 'Ada',
    planTitle: 'Pro',
    trialEnd: '2026-12-06T14:05:00Z',
    amountCents: 3900,
    currency: 'USD',
    manageUrl: 'http://localhost:3000/dashboard?section=licenses',
  },
  subject: (d) => `Your ${d.planTitle} trial ends in 3 days`,
  Email: TrialEndingEmail,
});
