import { emailKind, type EmailProps } from '../email-definition';
import { BulletList, Paragraph } from './blocks';
import { EmailLayout } from './layout';

interface ProductUpdate {
  title: string;
  summary: string;
  highlights: string[];
  readMoreUrl: string;
}

function ProductUpdateEmail({ data: d, footer }: EmailProps<ProductUpdate>) {
  return (
    <EmailLayout preview={d.summary} heading={d.title} action={{ label: 'Read more', href: d.readMoreUrl }} footer={footer}>
      <Paragraph>{d.summary}</Paragraph>
      <BulletList items={d.highlights} />
    </EmailLayout>
  );
}

export const productUpdate = emailKind<ProductUpdate>({
  topic: 'product_updates',
  sample: {
    title: 'SystemSculpt AI 6.3',
    summary: 'Studio workflows can now run on a schedule.',
    highlights: ['Scheduled Studio workflows', 'Faster similar-notes search', 'Janitor cleans empty folders'],
    readMoreUrl: 'http://localhost:3000/obsidian-ai-plugin-docs',
  },
  subject: (d) => `What's new: ${d.title}`,
  Email: ProductUpdateEmail,
});
