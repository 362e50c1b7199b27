import type { ReactElement, ReactNode } from 'react';
import type { EmailTopic } from '../../../../contracts/preferences/email-topics';

export interface RenderContext {
  siteUrl: string;
  supportEmail: string;
  /** IANA zone; times are shown in it and named. */
  timeZone: string;
}

export interface EmailProps<Data> {
  data: Data;
  context: RenderContext;
  /** Why the person got this email and how to change that; the layout puts it last. */
  footer: ReactNode;
}

/** One email the site sends: its topic (or transactional), sample data, subject and React component. */
export interface EmailKind<Data> {
  topic: EmailTopic | 'transactional';
  /** Data for the outbox page's preview and the tests. */
  sample: Data;
  subject: (data: Data, context: RenderContext) => string;
  Email: (props: EmailProps<Data>) => ReactElement;
}

export function emailKind<Data>(definition: EmailKind<Data>): EmailKind<Data> {
  return definition;
}

/** A page of the site as an absolute link. */
export const siteLink = (context: RenderContext, path: string) => new URL(path, context.siteUrl).toString();
