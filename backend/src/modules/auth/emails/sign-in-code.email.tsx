import { emailKind, type EmailProps } from '../../email/email-definition';
import { CodeBox, Paragraph } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';

interface SignInCode {
  code: string;
  purpose: 'sign-in' | 'sign-up';
  minutes: number;
}

const whatFor = (d: SignInCode) => (d.purpose === 'sign-up' ? 'finish creating your SystemSculpt account' : 'sign in to SystemSculpt');

function SignInCodeEmail({ data: d, footer }: EmailProps<SignInCode>) {
  return (
    <EmailLayout
      preview={`Enter this code to ${whatFor(d)}. It works for ${d.minutes} minutes.`}
      heading={d.purpose === 'sign-up' ? 'Confirm your email address' : 'Your sign-in code'}
      footer={footer}
    >
      <Paragraph>{`Enter this code to ${whatFor(d)}:`}</Paragraph>
      <CodeBox>{d.code}</CodeBox>
      <Paragraph>{`It works for ${d.minutes} minutes, once. If you did not ask for it, ignore this email: nobody can sign in without the code.`}</Paragraph>
    </EmailLayout>
  );
}

export const signInCode = emailKind<SignInCode>({
  topic: 'transactional',
  sample: { code: '042917', purpose: 'sign-in', minutes: 10 },
  subject: (d) => `${d.code} is your SystemSculpt code`,
  Email: SignInCodeEmail,
});
