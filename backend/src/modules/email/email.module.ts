import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { ReactorRegistry } from '../../events/reactor-registry';
import { EmailDelivery } from './email-delivery';
import { EMAIL_QUEUE } from './jobs/email-job';
import type { EmailTransport } from './email-message';
import { EmailSender } from './email-sender';
import { EmailTriggerReactor } from './jobs/email-trigger.reactor';
import { emailTrigger, EmailTriggers } from './email-triggers';
import { EmailKinds } from './email-kinds';
import { emailModuleKinds } from './emails/email-module-kinds';
import {
  EmailPreferences,
  MAILED_ADDRESSES,
  ManageEmailLinkRequested,
  PreferencesModule,
  EmailPreferencesServerFns,
  ManageEmailLinks,
  OneClickUnsubscribeController,
} from '../preferences';
import { SmtpTransport } from './smtp-transport';
import { STAND_IN_EMAIL_TRANSPORT } from './stand-in-transport';

export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');

/**
 * Email for every process: the sender (enqueues), the triggers that turn events into emails,
 * the preferences' page and one-click unsubscribe (they consult the delivery log), and for the
 * worker the delivery the processor uses.
 */
@Module({
  imports: [BullModule.registerQueue({ name: EMAIL_QUEUE }), PreferencesModule],
  controllers: [OneClickUnsubscribeController],
  providers: [
    EmailSender,
    EmailTriggers,
    EmailKinds,
    EmailPreferencesServerFns,
    {
      provide: EMAIL_TRANSPORT,
      inject: [APP_CONFIG, { token: STAND_IN_EMAIL_TRANSPORT, optional: true }],
      useFactory: (config: AppConfig, outbox: EmailTransport | undefined): EmailTransport => {
        if (config.EMAIL_TRANSPORT === 'smtp') return new SmtpTransport(config.SMTP_URL!);
        if (!outbox) throw new Error('EMAIL_TRANSPORT=outbox needs the outbox stand-in, which is never mounted in production');
        return outbox;
      },
    },
    {
      provide: EmailDelivery,
      inject: [APP_CONFIG, MikroORM, EMAIL_TRANSPORT, EmailPreferences, ManageEmailLinks, EmailKinds],
      useFactory: (config: AppConfig, orm: MikroORM, transport: EmailTransport, preferences: EmailPreferences, links: ManageEmailLinks, kinds: EmailKinds) =>
        new EmailDelivery(
          orm,
          transport,
          { from: config.EMAIL_FROM, siteUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL },
          preferences,
          links,
          kinds,
        ),
    },
    { provide: MAILED_ADDRESSES, useExisting: EmailDelivery },
  ],
  exports: [EmailSender, EmailDelivery, EMAIL_TRANSPORT, EmailTriggers, EmailKinds, PreferencesModule],
})
export class EmailModule implements OnModuleInit {
  constructor(
    private readonly reactors: ReactorRegistry,
    private readonly triggers: EmailTriggers,
    private readonly kinds: EmailKinds,
    private readonly sender: EmailSender,
    private readonly links: ManageEmailLinks,
    private readonly delivery: EmailDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.reactors.register(
      new EmailTriggerReactor(this.triggers, this.sender, { supportEmail: this.config.SUPPORT_EMAIL, links: this.links }, (key) => this.delivery.wasSent(key)),
    );
    this.kinds.add(emailModuleKinds);
    this.triggers.add(
      emailTrigger({
        event: ManageEmailLinkRequested,
        kind: 'manage-email-link',
        send: (d, _event, context) => ({ to: d.address, data: { manageUrl: context.links.manageUrl(d.address) } }),
      }),
    );
  }
}
