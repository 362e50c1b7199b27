import type { EmailTopic } from '../../../../contracts/preferences/email-topics';
import { normalizeEmail } from './email-address';
import type { ManageEmailTokens } from './manage-email-token';

/** The signed links every topic email carries: the preference page, and the RFC 8058 one-click POST target. */
export class ManageEmailLinks {
  constructor(
    readonly tokens: ManageEmailTokens,
    private readonly siteUrl: string,
  ) {}

  manageUrl(address: string): string {
    const email = normalizeEmail(address);
    return this.url('/manage-email', { email, token: this.tokens.issue(email, 'manage') });
  }

  unsubscribeUrl(address: string, topic: EmailTopic): string {
    const email = normalizeEmail(address);
    return this.url('/email/unsubscribe', { email, topic, token: this.tokens.issue(email, `unsubscribe.${topic}`) });
  }

  private url(path: string, params: Record<string, string>): string {
    const url = new URL(path, this.siteUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }
}
