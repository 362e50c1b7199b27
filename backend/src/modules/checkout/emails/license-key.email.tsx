import { emailKind, siteLink, type EmailProps } from '../../../platform/email-templates/email-definition';
import { CodeBox, Greeting, Paragraph, TextLink } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';

interface LicenseKey {
  name?: string | null;
  planTitle: string;
  licenseKey: string;
  seats: number;
}

function LicenseKeyEmail({ data: d, context: c, footer }: EmailProps<LicenseKey>) {
  return (
    <EmailLayout
      preview={`Paste it into SystemSculpt AI's Account tab. ${d.seats} ${d.seats === 1 ? 'seat' : 'seats'}.`}
      heading="Your license key"
      action={{ label: 'Manage your license', href: siteLink(c, '/dashboard?section=license') }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        {'Here is the key for your '}
        <strong>{d.planTitle}</strong>. In Obsidian, open Settings → SystemSculpt AI → Account and paste it in.
      </Paragraph>
      <CodeBox>{d.licenseKey}</CodeBox>
      <Paragraph>
        {d.seats > 1 ? (
          <>
            {`It covers ${d.seats} seats: invite the people who should use it from the `}
            <TextLink href={siteLink(c, '/dashboard?section=licensed-users')}>Seats section of your dashboard</TextLink>.
          </>
        ) : (
          'It covers one seat.'
        )}
      </Paragraph>
      <Paragraph>Keep the key private: anyone with it can use your license.</Paragraph>
    </EmailLayout>
  );
}

export const licenseKey = emailKind<LicenseKey>({
  topic: 'transactional',
  sample: { name: 'Ada', planTitle: 'Lifetime License', licenseKey: 'SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E', seats: 3 },
  subject: (d) => `Your ${d.planTitle} key`,
  Email: LicenseKeyEmail,
});
