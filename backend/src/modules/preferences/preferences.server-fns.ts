import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { readEmailAddress } from '../../../../contracts/email-address';
import { EMAIL_TOPICS } from '../../../../contracts/preferences/email-topics';
import {
  getEmailPreferences,
  requestManageEmailLink,
  updateEmailPreferences,
  type EmailPreferenceChange,
  type EmailPreferencesView,
} from '../../../../contracts/preferences/preferences.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { enforceRateLimits } from '../../platform/common/rate-limit/rate-limited';
import { RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';
import { visitorMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { MAILED_ADDRESSES, type MailedAddresses } from './mailed-addresses';
import { normalizeEmail } from './email-address';
import { RequestManageLink } from './commands/request-manage-link.handler';
import { Resubscribe } from './commands/resubscribe.handler';
import { SetTopics } from './commands/set-topics.handler';
import { UnsubscribeAll } from './commands/unsubscribe-all.handler';
import type { EventMetadata } from '../../events/event-metadata';
import { EmailPreferences } from './email-preferences';
import { ManageEmailLinks } from './manage-email-links';
import { ManageLinkInvalidError } from './preferences.errors';

const HOUR = 3600;

/** The /manage-email page's functions: read and change one address's topics, with a signed link. */
@Injectable()
export class EmailPreferencesServerFns {
  constructor(
    private readonly preferences: EmailPreferences,
    private readonly commands: CommandBus,
    private readonly links: ManageEmailLinks,
    private readonly limiter: RedisRateLimiter,
    @Inject(MAILED_ADDRESSES) private readonly delivery: MailedAddresses,
  ) {}

  @ServerFn(getEmailPreferences)
  async getEmailPreferences({ email, token }: z.output<typeof getEmailPreferences.input>): Promise<ServerFnOutput<typeof getEmailPreferences>> {
    const check = this.links.tokens.verify(email, 'manage', token);
    if (!check.ok) {
      const address = readEmailAddress(email ?? '');
      return {
        status: 'link-problem',
        reason: check.reason === 'missing' || check.reason === 'expired' ? check.reason : 'invalid',
        email: address.ok ? address.address : null,
      };
    }
    return this.view(email!);
  }

  @ServerFn(updateEmailPreferences)
  async updateEmailPreferences(
    { email, token, change }: z.output<typeof updateEmailPreferences.input>,
    context: ServerFnContext,
  ): Promise<EmailPreferencesView> {
    if (!this.links.tokens.verify(email, 'manage', token).ok) throw new ManageLinkInvalidError();
    await this.commands.execute(commandFor(email, change, visitorMetadata(context.correlationId)));
    return this.view(email);
  }

  /** Emails a fresh link to an address we have mailed before; says the same either way. */
  @ServerFn(requestManageEmailLink)
  async requestManageEmailLink(
    { email }: z.output<typeof requestManageEmailLink.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof requestManageEmailLink>> {
    const address = normalizeEmail(email);
    await enforceRateLimits(
      this.limiter,
      [
        { key: `manage-link:ip:${context.ip ?? 'unknown'}`, limit: 10, windowSeconds: HOUR },
        { key: `manage-link:address:${address}`, limit: 3, windowSeconds: HOUR },
      ],
      'You have asked for several links in a short time.',
    );
    if (await this.isKnown(address)) {
      await this.commands.execute(new RequestManageLink(address, context.requestId, visitorMetadata(context.correlationId)));
    }
    return { status: 'sent-if-known' };
  }

  private async isKnown(address: string): Promise<boolean> {
    return (await this.preferences.isKnown(address)) || (await this.delivery.hasMailed(address));
  }

  private async view(email: string): Promise<EmailPreferencesView> {
    const state = await this.preferences.read(email);
    return {
      status: 'ok',
      email: normalizeEmail(email),
      topics: EMAIL_TOPICS.map((topic) => ({ topic, on: state.topics[topic] })),
      unsubscribedFromAll: state.unsubscribedFromAll,
    };
  }
}

function commandFor(email: string, change: EmailPreferenceChange, metadata: EventMetadata): SetTopics | UnsubscribeAll | Resubscribe {
  switch (change.type) {
    case 'set-topics':
      return new SetTopics(email, change.topics, 'preferences', metadata);
    case 'unsubscribe-all':
      return new UnsubscribeAll(email, 'preferences', metadata);
    case 'resubscribe':
      return new Resubscribe(email, 'preferences', metadata);
  }
}
