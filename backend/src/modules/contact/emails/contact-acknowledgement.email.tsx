import { emailKind, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Greeting, Paragraph, Quote } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';

interface Acknowledgement {
  name: string;
  topic: string;
  message: string;
}

function ContactAcknowledgement({ data: d, footer }: EmailProps<Acknowledgement>) {
  return (
    <EmailLayout preview="A person will answer within two business days." heading="Thanks, we got your message" footer={footer}>
      <Greeting name={d.name} />
      <Paragraph>
        {'Your message about '}
        <strong>{d.topic}</strong>
        {' reached us, and a person will answer within two business days. For reference, you wrote:'}
      </Paragraph>
      <Quote text={d.message} />
    </EmailLayout>
  );
}

export const contactAcknowledgement = emailKind<Acknowledgement>({
  topic: 'transactional',
  sample: { name: 'Ada', topic: 'Billing', message: 'Can I move my license to a new email address?' },
  subject: () => 'We got your message',
  Email: ContactAcknowledgement,
});
