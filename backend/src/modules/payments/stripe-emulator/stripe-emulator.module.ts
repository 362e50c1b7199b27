import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/config.schema';
import { EmulatorApi } from './emulator-api';
import { EmulatorApiController } from './emulator-api.controller';
import { EmulatorStore } from './emulator-store';

/** The embedded stand-in for Stripe (when STRIPE_SECRET_KEY is unset): its REST API under /v1. */
@Module({
  controllers: [EmulatorApiController],
  providers: [
    { provide: EmulatorStore, inject: [MikroORM], useFactory: (orm: MikroORM) => new EmulatorStore(orm) },
    {
      provide: EmulatorApi,
      inject: [EmulatorStore, APP_CONFIG],
      useFactory: (store: EmulatorStore, config: AppConfig) => new EmulatorApi(store, (id) => new URL(`/_stripe/checkout/${id}`, config.PUBLIC_URL).toString()),
    },
  ],
})
export class StripeEmulatorModule {}
