import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { getContactCsrfToken, submitContactMessage } from '../../../../contracts/contact/contact.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { enforceRateLimits } from '../../platform/common/rate-limit/rate-limited';
import { RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';
import { FormDrafts } from '../../server-fn/form-drafts';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { normalizeEmail } from '../preferences';
import { FormTokenInvalidError } from './contact.errors';
import { ReceiveContactMessage } from './commands/receive-contact-message.handler';
import { FormCsrf } from './form-csrf';
import { UsedFormTokens } from './used-form-tokens';

const HOUR = 3600;

/** /contact: a session-bound form token, then the message recorded as an event (its emails follow from it). */
@Injectable()
export class ContactServerFns {
  constructor(
    private readonly csrf: FormCsrf,
    private readonly commands: CommandBus,
    private readonly limiter: RedisRateLimiter,
    private readonly usedTokens: UsedFormTokens,
    private readonly drafts: FormDrafts,
  ) {}

  @ServerFn(getContactCsrfToken)
  async getContactCsrfToken(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getContactCsrfToken>> {
    const { token, expiresAt, cookie } = this.csrf.issue(context.headers.cookie);
    if (cookie) context.response.cookie(cookie.name, cookie.value, cookie.options);
    const draft = await this.drafts.read(context.headers.cookie, submitContactMessage.form!.page);
    return { token, expiresAt: expiresAt.toISOString(), draft };
  }

  @ServerFn(submitContactMessage)
  async submitContactMessage(
    input: z.output<typeof submitContactMessage.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof submitContactMessage>> {
    const check = this.csrf.verify(context.headers.cookie, input.csrfToken);
    if (check !== 'ok') {
      throw new FormTokenInvalidError('expired');
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
    // Claimed after the limits, so a message refused for them can be sent again with the same form.
    if (!(await this.usedTokens.claim(input.csrfToken))) {
      throw new FormTokenInvalidError('used');
    }
    // A filled-in honeypot is a bot: it is told what a person would be, and nothing is kept.
    if (input.website) return { status: 'received' };
    await this.commands.execute(
      new ReceiveContactMessage({ name: input.name, email: address, topic: input.topic, message: input.message }, context.correlationId),
    );
    return { status: 'received' };
  }
}
