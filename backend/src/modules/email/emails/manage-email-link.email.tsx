import { emailKind, type EmailProps } from '../email-definition';
import { Paragraph } from './blocks';
import { EmailLayout } from './layout';

function ManageEmailLink({ data: d, footer }: EmailProps<{ manageUrl: string }>) {
  return (
    <EmailLayout
      preview="Choose which emails you get from us, or stop them all."
      heading="Manage your emails"
      action={{ label: 'Manage your emails', href: d.manageUrl }}
      footer={footer}
    >
      <Paragraph>Someone (we hope you) asked for a link to change which emails this address gets from SystemSculpt. The link works for 60 days.</Paragraph>
      <Paragraph>{"If it wasn't you, ignore this email: nothing changes until the link is used."}</Paragraph>
    </EmailLayout>
  );
}

export const manageEmailLink = emailKind<{ manageUrl: string }>({
  topic: 'transactional',
  sample: { manageUrl: 'http://localhost:3000/manage-email?email=ada%40example.com&token=v1.sample' },
  subject: () => 'Your link to manage SystemSculpt emails',
  Email: ManageEmailLink,
});
