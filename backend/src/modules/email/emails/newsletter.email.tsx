import { emailKind, type EmailProps } from '../email-definition';
import { BulletList, Paragraph, TextLink } from './blocks';
import { EmailLayout } from './layout';

interface Newsletter {
  issue: string;
  intro: string;
  stories: Array<{ title: string; url: string }>;
}

function NewsletterEmail({ data: d, footer }: EmailProps<Newsletter>) {
  return (
    <EmailLayout preview={d.intro} heading={`The ${d.issue} newsletter`} footer={footer}>
      <Paragraph>{d.intro}</Paragraph>
      <BulletList
        items={d.stories.map((s) => (
          <TextLink href={s.url}>{s.title}</TextLink>
        ))}
      />
    </EmailLayout>
  );
}

export const newsletter = emailKind<Newsletter>({
  topic: 'newsletter',
  sample: {
    issue: 'November 2026',
    intro: 'Three vault setups from the community, and a trick for faster transcription.',
    stories: [
      { title: 'A research vault that writes its own index', url: 'https://example.com/a' },
      { title: 'Meeting notes from voice memos', url: 'https://example.com/b' },
    ],
  },
  subject: (d) => `SystemSculpt newsletter: ${d.issue}`,
  Email: NewsletterEmail,
});
