import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { BillingPortalController } from './billing-portal.controller';
import { CatalogPrices } from './catalog-prices';
import { DevTriggersController } from './dev-triggers.controller';
import { EmulatorApi } from './emulator-api';
import { EmulatorApiController } from './emulator-api.controller';
import { EmulatorBilling } from './emulator-billing';
import { EmulatorPlanChanges } from './emulator-plan-change';
import { emulatorUrls, type EmulatorUrls } from './emulator-urls';
import { EmulatorStore } from './emulator-store';
import { EMULATOR_WEBHOOK_QUEUE, EmulatorEvents, EmulatorWebhookSender } from './emulator-webhooks';
import { HostedCheckout } from './hosted-checkout';
import { HostedCheckoutController } from './hosted-checkout.controller';
import { HostedInvoiceController } from './hosted-invoice.controller';
import { EmulatorTestClocks } from './test-clocks';
import { EmulatorTax } from './emulator-tax';
import { taxSettings } from './tax-settings';

/**
 * The embedded stand-in for Stripe (when STRIPE_SECRET_KEY is unset): its REST API under /v1, the
 * hosted checkout, invoice and customer portal pages, a dev trigger page (/_stripe/dev) for what
 * Stripe does on its own (renewals, failed cards, refunds, disputes), and signed webhooks to this api (sent from the api process, as Stripe
 * sends them from outside). On start it makes the catalog's products and prices (CatalogPrices).
 */
const EMULATOR_URLS = Symbol('EMULATOR_URLS');

@Module({
  imports: [BullModule.registerQueue({ name: EMULATOR_WEBHOOK_QUEUE })],
  controllers: [EmulatorApiController, HostedCheckoutController, HostedInvoiceController, BillingPortalController, DevTriggersController],
  providers: [
    CatalogPrices,
    EmulatorEvents,
    EmulatorWebhookSender,
    { provide: EMULATOR_URLS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => emulatorUrls(config.PUBLIC_URL) },
    { provide: EmulatorStore, inject: [MikroORM], useFactory: (orm: MikroORM) => new EmulatorStore(orm) },
    {
      provide: EmulatorTax,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new EmulatorTax(taxSettings(config.STRIPE_EMULATOR_TAX_ORIGIN, config.STRIPE_EMULATOR_TAX_REGISTRATIONS)),
    },
    {
      provide: EmulatorBilling,
      inject: [MikroORM, EmulatorStore, EmulatorEvents, EMULATOR_URLS, EmulatorTax],
      useFactory: (orm: MikroORM, store: EmulatorStore, events: EmulatorEvents, urls: EmulatorUrls, tax: EmulatorTax) =>
        new EmulatorBilling(orm, store, events, urls, tax),
    },
    {
      provide: HostedCheckout,
      inject: [MikroORM, EmulatorStore, EmulatorEvents, EmulatorBilling],
      useFactory: (orm: MikroORM, store: EmulatorStore, events: EmulatorEvents, billing: EmulatorBilling) => new HostedCheckout(orm, store, events, billing),
    },
    {
      provide: EmulatorPlanChanges,
      inject: [EmulatorStore, EmulatorBilling, EmulatorEvents, EMULATOR_URLS],
      useFactory: (store: EmulatorStore, billing: EmulatorBilling, events: EmulatorEvents, urls: EmulatorUrls) =>
        new EmulatorPlanChanges(store, billing, events, urls),
    },
    {
      provide: EmulatorTestClocks,
      inject: [MikroORM, EmulatorStore, EmulatorBilling, EmulatorEvents],
      useFactory: (orm: MikroORM, store: EmulatorStore, billing: EmulatorBilling, events: EmulatorEvents) =>
        new EmulatorTestClocks(orm, store, billing, events),
    },
    {
      provide: EmulatorApi,
      inject: [EmulatorStore, EmulatorBilling, EMULATOR_URLS, EmulatorPlanChanges],
      useFactory: (store: EmulatorStore, billing: EmulatorBilling, urls: EmulatorUrls, planChanges: EmulatorPlanChanges) =>
        new EmulatorApi(store, billing, urls, planChanges),
    },
  ],
})
export class StripeEmulatorModule {}
