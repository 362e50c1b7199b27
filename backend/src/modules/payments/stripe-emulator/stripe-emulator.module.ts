import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/config.schema';
import { CatalogPrices } from './catalog-prices';
import { EmulatorApi } from './emulator-api';
import { EmulatorApiController } from './emulator-api.controller';
import { EmulatorStore } from './emulator-store';
import { EMULATOR_WEBHOOK_QUEUE, EmulatorEvents, EmulatorWebhookSender } from './emulator-webhooks';
import { HostedCheckout } from './hosted-checkout';
import { HostedCheckoutController } from './hosted-checkout.controller';

/**
 * The embedded stand-in for Stripe (when STRIPE_SECRET_KEY is unset): its REST API under /v1, the
 * hosted checkout page, and signed webhooks to this api (sent from the api process, as Stripe
 * sends them from outside). On start it makes the catalog's products and prices (CatalogPrices).
 */
@Module({
  imports: [BullModule.registerQueue({ name: EMULATOR_WEBHOOK_QUEUE })],
  controllers: [EmulatorApiController, HostedCheckoutController],
  providers: [
    CatalogPrices,
    EmulatorEvents,
    EmulatorWebhookSender,
    {
      provide: HostedCheckout,
      inject: [MikroORM, EmulatorStore, EmulatorEvents],
      useFactory: (orm: MikroORM, store: EmulatorStore, events: EmulatorEvents) => new HostedCheckout(orm, store, events),
    },
    { provide: EmulatorStore, inject: [MikroORM], useFactory: (orm: MikroORM) => new EmulatorStore(orm) },
    {
      provide: EmulatorApi,
      inject: [EmulatorStore, APP_CONFIG],
      useFactory: (store: EmulatorStore, config: AppConfig) => new EmulatorApi(store, (id) => new URL(`/_stripe/checkout/${id}`, config.PUBLIC_URL).toString()),
    },
  ],
})
export class StripeEmulatorModule {}
