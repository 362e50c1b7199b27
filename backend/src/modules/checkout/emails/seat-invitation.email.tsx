import { emailKind, type EmailProps } from '../../email/email-definition';
import { Paragraph } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';

interface SeatInvitation {
  ownerName: string;
  planTitle: string;
  acceptUrl: string;
}

function SeatInvitationEmail({ data: d, footer }: EmailProps<SeatInvitation>) {
  return (
    <EmailLayout
      preview={`A seat on their ${d.planTitle} is yours: accept it to get your key.`}
      heading="You have a SystemSculpt AI seat"
      action={{ label: 'Accept your seat', href: d.acceptUrl }}
      footer={footer}
    >
      <Paragraph>
        {`${d.ownerName} added you to their `}
        <strong>{d.planTitle}</strong>. Accept the invitation to create your account with this email address (or sign in, if you have one) and get your license
        key for the plugin.
      </Paragraph>
      <Paragraph>{"If you weren't expecting this, you can ignore this email."}</Paragraph>
    </EmailLayout>
  );
}

export const seatInvitation = emailKind<SeatInvitation>({
  topic: 'transactional',
  sample: {
    ownerName: 'Ada Lovelace',
    planTitle: 'Lifetime License',
    acceptUrl: 'http://localhost:3000/invite/lic_0123456789abcdef01234567.Ym9AZXhhbXBsZS5jb20.signature',
  },
  subject: (d) => `${d.ownerName} gave you a seat on SystemSculpt AI`,
  Email: SeatInvitationEmail,
});
