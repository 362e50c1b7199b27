import { emailKind, type EmailProps } from '../../email/email-definition';
import { Facts, Paragraph, TypedLines } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';
import { formatWhen } from '../../email/emails/when';

interface ContactCopy {
  name: string;
  email: string;
  topic: string;
  message: string;
  receivedAt: string;
}

function SupportContactCopy({ data: d, footer }: EmailProps<ContactCopy>) {
  return (
    <EmailLayout preview={d.message.slice(0, 120)} heading={`New message: ${d.topic}`} footer={footer}>
      <Facts
        rows={[
          ['From', `${d.name} <${d.email}>`],
          ['Topic', d.topic],
          ['Received', formatWhen(d.receivedAt, 'UTC')],
        ]}
      />
      <Paragraph>
        <TypedLines text={d.message} />
      </Paragraph>
    </EmailLayout>
  );
}

export const supportContactCopy = emailKind<ContactCopy>({
  topic: 'transactional',
  sample: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    topic: 'Billing',
    message: 'Can I move my license to a new email address?',
    receivedAt: '2026-11-23T14:05:00Z',
  },
  subject: (d) => `[Contact] ${d.topic}: ${d.name}`,
  Email: SupportContactCopy,
});
