import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getContactCsrfToken, submitContactMessage } from '../../../../contracts/contact/contact.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { AppError } from '../../common/app-error';
import { enforceRateLimits } from '../../common/rate-limit/rate-limited';
import { RedisRateLimiter } from '../../common/rate-limit/redis-rate-limiter';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { visitorMetadata } from '../../events/event-metadata';
import { EventStore } from '../../events/event-store';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { normalizeEmail } from '../email/preferences/email-address';
import { ContactMessageReceived, contactStreamId } from './contact.events';
import { FormCsrf } from './form-csrf';
import { isSameOriginRequest } from './same-origin';

const HOUR = 3600;

class ContactRefusedError extends AppError {}

/** /contact: a session-bound form token, then the message recorded as an event (its emails follow from it). */
@Injectable()
export class ContactServerFns {
  constructor(
    private readonly csrf: FormCsrf,
    private readonly store: EventStore,
    private readonly limiter: RedisRateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ServerFn(getContactCsrfToken)
  getContactCsrfToken(_input: unknown, context: ServerFnContext): ServerFnOutput<typeof getContactCsrfToken> {
    const { token, expiresAt, setCookie } = this.csrf.issue(context.headers.cookie);
    if (setCookie) context.response.append('set-cookie', setCookie);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  @ServerFn(submitContactMessage)
  async submitContactMessage(input: z.output<typeof submitContactMessage.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof submitContactMessage>> {
    if (!isSameOriginRequest(context.headers, this.config.PUBLIC_URL)) {
      throw new ContactRefusedError('contact.cross_site', 403, 'This form can only be sent from our own contact page.');
    }
    const check = this.csrf.verify(context.headers.cookie, input.csrfToken);
    if (check !== 'ok') {
      throw new ContactRefusedError('contact.csrf_invalid', 403, 'The form expired or was opened in another browser. We have refreshed it: press Send again.');
    }
    const address = normalizeEmail(input.email);
    await enforceRateLimits(
      this.limiter,
      [
        { key: `contact:ip:${context.ip ?? 'unknown'}`, limit: 10, windowSeconds: HOUR },
        { key: `contact:address:${address}`, limit: 5, windowSeconds: HOUR },
      ],
      'You have sent several messages in a short time; we have them all.',
    );
    // A filled-in honeypot is a bot: it is told what a person would be, and nothing is kept.
    if (input.website) return { status: 'received' };
    const messageId = randomUUID();
    await this.store.append(
      contactStreamId(messageId),
      'no-stream',
      [ContactMessageReceived({ messageId, name: input.name, email: address, topic: input.topic, message: input.message, receivedAt: new Date().toISOString() })],
      visitorMetadata(context.requestId),
    );
    return { status: 'received' };
  }
}
