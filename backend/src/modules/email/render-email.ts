import { emailKinds, type EmailData, type EmailKindName, type EmailTopic, type RenderContext } from './email-kinds';
import { html } from '../../common/html';
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
  /** The recipient's preference page; required for topic mail, which everyone must be able to stop. */
  manageUrl?: string;
}

/** One email, both parts, with the footer that says why it came and (for topic mail) how to stop it. */
export function renderEmail<K extends EmailKindName>(name: K, data: EmailData<K>, options: RenderOptions): RenderedEmail {
  const definition = emailKinds[name];
  const parts = (definition.render as (data: EmailData<K>, context: RenderContext) => ReturnType<typeof definition.render>)(data, options);
  const { topic } = definition;
  if (topic !== 'transactional' && !options.manageUrl) throw new Error(`A ${name} email needs a manage-email link`);
  const footerText =
    topic === 'transactional'
      ? `You're receiving this because of your SystemSculpt account or a request you made. Questions? Write to ${options.supportEmail}.`
      : `You're receiving SystemSculpt ${TOPIC_LABELS[topic]} emails. Change what you get or unsubscribe: ${options.manageUrl}`;
  const footer =
    topic === 'transactional'
      ? paragraph(html`You're receiving this because of your SystemSculpt account or a request you made. Questions? Write to <a href="mailto:${options.supportEmail}" style="color:#575272">${options.supportEmail}</a>.`)
      : paragraph(html`You're receiving SystemSculpt ${TOPIC_LABELS[topic]} emails. <a href="${options.manageUrl!}" style="color:#575272">Change what you get or unsubscribe</a>.`);
  const actionText = parts.action && !parts.text.includes(parts.action.href) ? `\n\n${parts.action.label}: ${parts.action.href}` : '';
  return {
    kind: name,
    topic,
    subject: parts.subject,
    html: layout({ preheader: parts.preheader, heading: parts.heading, body: parts.body, action: parts.action, footer }),
    text: `${parts.text}${actionText}\n\n--\n${footerText}\n`,
  };
}
