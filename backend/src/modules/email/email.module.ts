import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { EmailDelivery } from './email-delivery';
import { EMAIL_QUEUE } from './email-job';
import type { EmailTransport } from './email-message';
import { EmailSender } from './email-sender';
import { OutboxController } from './outbox.controller';
import { OutboxTransport } from './outbox-transport';
import { SmtpTransport } from './smtp-transport';

export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');

/** Email for every process: the sender (enqueues) and, for the worker, the delivery the processor uses. */
@Module({
  imports: [BullModule.registerQueue({ name: EMAIL_QUEUE })],
  controllers: [OutboxController],
  providers: [
    EmailSender,
    {
      provide: EMAIL_TRANSPORT,
      inject: [APP_CONFIG, MikroORM],
      useFactory: (config: AppConfig, orm: MikroORM): EmailTransport =>
        config.EMAIL_TRANSPORT === 'smtp' ? new SmtpTransport(config.SMTP_URL!) : new OutboxTransport(orm),
    },
    {
      provide: EmailDelivery,
      inject: [APP_CONFIG, MikroORM, EMAIL_TRANSPORT],
      useFactory: (config: AppConfig, orm: MikroORM, transport: EmailTransport) =>
        new EmailDelivery(orm, transport, { from: config.EMAIL_FROM, siteUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL }),
    },
  ],
  exports: [EmailSender, EmailDelivery, EMAIL_TRANSPORT],
})
export class EmailModule {}
