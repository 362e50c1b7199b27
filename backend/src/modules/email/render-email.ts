import { emailKinds, type EmailData, type EmailKindName, type EmailTopic, type RenderContext } from './email-kinds';
import { html } from '../../platform/common/html';
import { layout, paragraph } from './templates/layout';

export const TOPIC_LABELS: Record<EmailTopic, string> = {
  product_updates: 'product update',
  newsletter: 'newsletter',
  tips_and_offers: 'tips and offers',
  session_reminders: 'session reminder',
};

export interface RenderedEmail {
  kind: EmailKindName;
  topic: EmailTopic | 'transactional';
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions extends RenderContext {
  /** The recipient's signed preference page: every email links to it in its footer. */
  manageUrl: string;
  /** Topic mail only: the signed one-click unsubscribe from this email's topic. */
  unsubscribeUrl?: string;
}

const FOOTER_LINK = 'color:#575272';
const lines = (...parts: string[]) => parts.filter((p) => p !== '').join('\n');

/**
 * One email, both parts, with the footer that says why it came and how to change what arrives:
 * every email links to the recipient's preference page (/manage-email), topic mail also to the
 * one-click unsubscribe from its topic.
 */
export function renderEmail<K extends EmailKindName>(name: K, data: EmailData<K>, options: RenderOptions): RenderedEmail {
  const definition = emailKinds[name];
  const parts = (definition.render as (data: EmailData<K>, context: RenderContext) => ReturnType<typeof definition.render>)(data, options);
  const { topic } = definition;
  if (!options.manageUrl) throw new Error(`A ${name} email needs a manage-email link`);
  const { manageUrl, unsubscribeUrl, supportEmail } = options;
  const manageLink = html`<a href="${manageUrl}" style="${FOOTER_LINK}">Manage your emails</a>`;
  const footer =
    topic === 'transactional'
      ? paragraph(
          html`You're receiving this because of your SystemSculpt account or a request you made. ${manageLink} · Questions? Write to <a href="mailto:${supportEmail}" style="${FOOTER_LINK}">${supportEmail}</a>.`,
        )
      : paragraph(
          html`You're receiving SystemSculpt ${TOPIC_LABELS[topic]} emails. ${manageLink}${unsubscribeUrl ? html` · <a href="${unsubscribeUrl}" style="${FOOTER_LINK}">Unsubscribe from ${TOPIC_LABELS[topic]} emails</a>` : ''}.`,
        );
  const footerText =
    topic === 'transactional'
      ? lines(`You're receiving this because of your SystemSculpt account or a request you made. Questions? Write to ${supportEmail}.`, `Manage your emails: ${manageUrl}`)
      : lines(`You're receiving SystemSculpt ${TOPIC_LABELS[topic]} emails.`, `Manage your emails: ${manageUrl}`, unsubscribeUrl ? `Unsubscribe from ${TOPIC_LABELS[topic]} emails: ${unsubscribeUrl}` : '');
  const actionText = parts.action && !parts.text.includes(parts.action.href) ? `\n\n${parts.action.label}: ${parts.action.href}` : '';
  return {
    kind: name,
    topic,
    subject: parts.subject,
    html: layout({ preheader: parts.preheader, heading: parts.heading, body: parts.body, action: parts.action, footer }),
    text: `${parts.text}${actionText}\n\n--\n${footerText}\n`,
  };
}
