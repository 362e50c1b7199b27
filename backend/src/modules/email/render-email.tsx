import { renderToStaticMarkup } from 'react-dom/server';
import type { EmailKind } from '../../platform/email-templates/email-definition';
import type { EmailData, EmailKindName, EmailKinds, EmailTopic, RenderContext } from './email-kinds';
import { EmailFooter } from '../../platform/email-templates/footer';
import { emailText } from '../../platform/email-templates/plain-text';

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

/**
 * One email, both parts from the same React component, with the footer that says why it came
 * and how to change what arrives. Rendered synchronously (react-email's own render is async,
 * and a job's message is built in one step); the text part uses react-email's converter.
 */
export function renderEmail<K extends EmailKindName>(kinds: EmailKinds, name: K, data: EmailData<K>, options: RenderOptions): RenderedEmail {
  const definition = kinds.get(name) as unknown as EmailKind<EmailData<K>>;
  if (!options.manageUrl) throw new Error(`A ${name} email needs a manage-email link`);
  const { topic, Email } = definition;
  const context: RenderContext = { siteUrl: options.siteUrl, supportEmail: options.supportEmail, timeZone: options.timeZone };
  const footer = <EmailFooter topic={topic} manageUrl={options.manageUrl} unsubscribeUrl={options.unsubscribeUrl} supportEmail={options.supportEmail} />;
  const markup = renderToStaticMarkup(<Email data={data} context={context} footer={footer} />);
  return { kind: name, topic, subject: definition.subject(data, context), html: `<!doctype html>\n${markup}`, text: emailText(markup) };
}
