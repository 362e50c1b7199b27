import { Module, type OnModuleInit } from '@nestjs/common';
import { CONTACT_TOPICS } from '../../../../contracts/contact/contact.contract';
import { deriveKey, SITE_SECRET, type SiteSecret } from '../../platform/common/secrets/site-secret';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { EmailKinds, emailTrigger, EmailTriggers, EmailModule } from '../email';
import { ContactMessageReceived, contactEvents } from './contact.events';
import { contactEmailKinds } from './emails/contact-email-kinds';
import { ContactServerFns } from './contact.server-fns';
import { ReceiveContactMessageHandler } from './commands/receive-contact-message.handler';
import { FormCsrf } from './form-csrf';
import { formDraftsProvider } from '../../server-fn/form-drafts';
import { UsedFormTokens } from './used-form-tokens';
import { REDIS } from '../../platform/redis/redis.module';
import type { Redis } from 'ioredis';

/** The contact form: its token, the message as an event, and the two emails that event sends. */
@Module({
  imports: [EmailModule],
  providers: [
    ContactServerFns,
    ReceiveContactMessageHandler,
    {
      provide: FormCsrf,
      inject: [SITE_SECRET, APP_CONFIG],
      useFactory: (secret: SiteSecret, config: AppConfig) => new FormCsrf(deriveKey(secret, 'contact-form'), config.PUBLIC_URL.startsWith('https:')),
    },
    formDraftsProvider,
    { provide: UsedFormTokens, inject: [REDIS, APP_CONFIG], useFactory: (redis: Redis, config: AppConfig) => new UsedFormTokens(redis, config.QUEUE_PREFIX) },
  ],
})
export class ContactModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly triggers: EmailTriggers,
    private readonly emailKinds: EmailKinds,
  ) {}

  onModuleInit(): void {
    this.events.register(...contactEvents);
    this.emailKinds.add(contactEmailKinds);
    this.triggers.add(
      emailTrigger({
        event: ContactMessageReceived,
        kind: 'support-contact-copy',
        send: (d, _event, context) => ({
          to: context.supportEmail,
          replyTo: d.email,
          data: { name: d.name, email: d.email, topic: CONTACT_TOPICS[d.topic], message: d.message, receivedAt: d.receivedAt },
        }),
      }),
      emailTrigger({
        event: ContactMessageReceived,
        kind: 'contact-acknowledgement',
        send: (d) => ({ to: d.email, data: { name: d.name, topic: CONTACT_TOPICS[d.topic], message: d.message } }),
      }),
    );
  }
}
