import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { StripeEventHandlers } from './stripe-event-handlers';
import { StripeWebhookAdminServerFns } from './stripe-webhook-admin.server-fns';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookLog } from './stripe-webhook-log';
import { STRIPE_WEBHOOK_QUEUE } from '../jobs/stripe-webhook-queue';

/** Stripe's webhook intake (api) and what the worker needs to handle the events. */
@Module({
  imports: [BullModule.registerQueue({ name: STRIPE_WEBHOOK_QUEUE })],
  controllers: [StripeWebhookController],
  providers: [
    StripeEventHandlers,
    StripeWebhookAdminServerFns,
    { provide: StripeWebhookLog, inject: [MikroORM], useFactory: (orm: MikroORM) => new StripeWebhookLog(orm) },
  ],
  exports: [BullModule, StripeEventHandlers, StripeWebhookLog],
})
export class StripeWebhooksModule {}
