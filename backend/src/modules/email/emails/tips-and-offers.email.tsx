import { emailKind, type EmailProps } from '../email-definition';
import { Paragraph } from './blocks';
import { EmailLayout } from './layout';

interface TipsAndOffers {
  tip: string;
  offer?: string | null;
  url: string;
}

function TipsAndOffersEmail({ data: d, footer }: EmailProps<TipsAndOffers>) {
  return (
    <EmailLayout preview={d.tip} heading="Tip of the week" action={{ label: 'See more', href: d.url }} footer={footer}>
      <Paragraph>{d.tip}</Paragraph>
      {d.offer ? (
        <Paragraph>
          <strong>{d.offer}</strong>
        </Paragraph>
      ) : null}
    </EmailLayout>
  );
}

export const tipsAndOffers = emailKind<TipsAndOffers>({
  topic: 'tips_and_offers',
  sample: {
    tip: 'Press Mod+K to search your whole vault by meaning, not just by words.',
    offer: 'Credit packs are 20% off this week.',
    url: 'http://localhost:3000/resources?category=api_credits',
  },
  subject: () => 'A SystemSculpt tip for this week',
  Email: TipsAndOffersEmail,
});
