import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { deriveKey, SITE_SECRET, type SiteSecret } from '../../platform/common/secrets/site-secret';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ReactorRegistry } from '../../events/reactor-registry';
import { EmailDelivery } from './email-delivery';
import { EMAIL_QUEUE } from './email-job';
import type { EmailTransport } from './email-message';
import { EmailSender } from './email-sender';
import { EmailTriggerReactor } from './email-trigger.reactor';
import { emailTrigger, EmailTriggers } from './email-triggers';
import { OutboxTransport } from '../../emulators/outbox/outbox-transport';
import { EmailPreferences } from './preferences/email-preferences';
import { emailPreferenceEvents, ManageEmailLinkRequested } from './preferences/email-preferences.events';
import { EmailPreferencesServerFns } from './preferences/email-preferences.server-fns';
import { ManageEmailLinks } from './preferences/manage-email-links';
import { ManageEmailTokens } from './preferences/manage-email-token';
import { OneClickUnsubscribeController } from './preferences/one-click-unsubscribe.controller';
import { SmtpTransport } from './smtp-transport';

export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');

/**
 * Email for every process: the sender (enqueues), the triggers that turn events into emails,
 * preferences and their signed links, and for the worker the delivery the processor uses.
 */
@Module({
  imports: [BullModule.registerQueue({ name: EMAIL_QUEUE })],
  controllers: [OneClickUnsubscribeController],
  providers: [
    EmailSender,
    EmailTriggers,
    EmailPreferencesServerFns,
    { provide: EmailPreferences, inject: [EventStore], useFactory: (store: EventStore) => new EmailPreferences(store) },
    {
      provide: ManageEmailLinks,
      inject: [SITE_SECRET, APP_CONFIG],
      useFactory: (secret: SiteSecret, config: AppConfig) => new ManageEmailLinks(new ManageEmailTokens(deriveKey(secret, 'manage-email')), config.PUBLIC_URL),
    },
    {
      provide: EMAIL_TRANSPORT,
      inject: [APP_CONFIG, MikroORM],
      useFactory: (config: AppConfig, orm: MikroORM): EmailTransport =>
        config.EMAIL_TRANSPORT === 'smtp' ? new SmtpTransport(config.SMTP_URL!) : new OutboxTransport(orm),
    },
    {
      provide: EmailDelivery,
      inject: [APP_CONFIG, MikroORM, EMAIL_TRANSPORT, EmailPreferences, ManageEmailLinks],
      useFactory: (config: AppConfig, orm: MikroORM, transport: EmailTransport, preferences: EmailPreferences, links: ManageEmailLinks) =>
        new EmailDelivery(orm, transport, { from: config.EMAIL_FROM, siteUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL }, preferences, links),
    },
  ],
  exports: [EmailSender, EmailDelivery, EMAIL_TRANSPORT, EmailTriggers, EmailPreferences, ManageEmailLinks],
})
export class EmailModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly triggers: EmailTriggers,
    private readonly sender: EmailSender,
    private readonly links: ManageEmailLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.register(...emailPreferenceEvents);
    this.reactors.register(new EmailTriggerReactor(this.triggers, this.sender, { supportEmail: this.config.SUPPORT_EMAIL, links: this.links }));
    this.triggers.add(
      emailTrigger({
        event: ManageEmailLinkRequested,
        kind: 'manage-email-link',
        send: (d, _event, context) => ({ to: d.address, data: { manageUrl: context.links.manageUrl(d.address) } }),
      }),
    );
  }
}
