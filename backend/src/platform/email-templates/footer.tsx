import { Text } from '@react-email/components';
import type { EmailTopic } from '../../../../contracts/preferences/email-topics';
import { COLORS } from './theme';

export const TOPIC_LABELS: Record<EmailTopic, string> = {
  product_updates: 'product update',
  newsletter: 'newsletter',
  tips_and_offers: 'tips and offers',
  session_reminders: 'session reminder',
};

export interface EmailFooterProps {
  topic: EmailTopic | 'transactional';
  /** The recipient's signed preference page. */
  manageUrl: string;
  /** Topic mail only: the signed one-click unsubscribe from this email's topic. */
  unsubscribeUrl?: string | undefined;
  supportEmail: string;
}

const footerText = { margin: '0 0 8px', fontSize: '12px', lineHeight: '1.6', color: COLORS.muted };
const footerLink = { color: COLORS.muted };

/**
 * Why the email came and how to change what arrives: every email links to the recipient's
 * preference page (/manage-email), topic mail also to the one-click unsubscribe from its topic.
 */
export function EmailFooter({ topic, manageUrl, unsubscribeUrl, supportEmail }: EmailFooterProps) {
  const manageLink = (
    <a href={manageUrl} style={footerLink}>
      Manage your emails
    </a>
  );
  if (topic === 'transactional') {
    return (
      <Text style={footerText}>
        {"You're receiving this because of your SystemSculpt account or a request you made. "}
        {manageLink}
        {' · Questions? Write to '}
        <a href={`mailto:${supportEmail}`} style={footerLink}>
          {supportEmail}
        </a>
        .
      </Text>
    );
  }
  const label = TOPIC_LABELS[topic];
  return (
    <>
      <Text style={footerText}>{`You're receiving SystemSculpt ${label} emails.`}</Text>
      <Text style={footerText}>
        {manageLink}
        {unsubscribeUrl ? (
          <>
            {' · '}
            <a href={unsubscribeUrl} style={footerLink}>{`Unsubscribe from ${label} emails`}</a>
          </>
        ) : null}
      </Text>
    </>
  );
}
