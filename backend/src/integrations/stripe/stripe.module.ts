import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { PriceBook } from './price-book';
import { StripeClient } from './stripe-client';
import { StripeWebhooksModule } from './webhooks/stripe-webhooks.module';

/** Stripe for the modules that call it: the API client, the price book, and the webhook intake. */
@Module({
  imports: [StripeWebhooksModule],
  providers: [
    {
      provide: StripeClient,
      inject: [APP_CONFIG, HttpAdapterHost],
      useFactory: (config: AppConfig, http: HttpAdapterHost) => new StripeClient(config, () => http.httpAdapter?.getHttpServer?.()),
    },
    { provide: PriceBook, inject: [StripeClient], useFactory: (stripe: StripeClient) => new PriceBook(stripe) },
  ],
  exports: [StripeClient, PriceBook, StripeWebhooksModule],
})
export class StripeModule {}
