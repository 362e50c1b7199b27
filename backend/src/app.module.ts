import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { ErrorEnvelopeFilter } from './platform/common/error-envelope.filter';
import { RateLimitModule } from './platform/common/rate-limit/rate-limit.module';
import { SecretsModule } from './platform/common/secrets/secrets.module';
import { requestIdFor, rootLogger } from './platform/common/logger';
import { ConfigModule } from './platform/config/config.module';
import type { AppConfig } from './platform/config/config.schema';
import { standIns } from './platform/config/stand-ins';
import { DatabaseModule } from './platform/database/database.module';
import { EventsModule } from './events/events.module';
import { ProjectionModule } from './events/projection.module';
import { HealthModule } from './platform/health/health.module';
import { AdminModule } from './modules/admin/admin.module';
import { AdminJobsModule } from './modules/admin/jobs/admin-jobs.module';
import { AuthModule } from './modules/auth/auth.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ContactModule } from './modules/contact/contact.module';
import { CoursesModule } from './modules/courses';
import { EmailJobsModule } from './modules/email/jobs/email-jobs.module';
import { BookingRemindersJobsModule } from './modules/booking/jobs/booking-reminders-jobs.module';
import { EmailModule } from './modules/email/email.module';
import { PreferencesModule } from './modules/preferences/preferences.module';
import { OutboxModule } from './emulators/outbox/outbox.module';
import { StripeEmulatorModule } from './emulators/stripe/stripe-emulator.module';
import { StripeWebhookJobsModule } from './integrations/stripe/jobs/stripe-webhook-jobs.module';
import { StripeModule } from './integrations/stripe/stripe.module';
import { CheckoutModule } from './modules/checkout/checkout.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { LicensesModule } from './modules/licenses/licenses.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { PluginApiModule } from './modules/plugin-api/plugin-api.module';
import { CreditsModule } from './modules/credits/credits.module';
import { DevicesModule } from './modules/devices/devices.module';
import { AvailabilityModule } from './modules/availability/availability.module';
import { BookingModule } from './modules/booking/booking.module';
import { SiteModule } from './modules/site/site.module';
import { DemoModule } from './modules/demo/demo.module';
import { usesDemoData } from './modules/demo/demo-data';
import { LibraryModule } from './modules/library';
import { QueueModule } from './platform/queue/queue.module';
import { RedisModule } from './platform/redis/redis.module';
import { ServerFnModule } from './server-fn/server-fn.module';
import { WebModule } from './platform/web/web.module';

/** Connections every process shares: config, logs, Postgres, Redis, BullMQ. */
export function infrastructureModules(config: AppConfig): Array<DynamicModule | Type> {
  return [ConfigModule.forRoot(config), DatabaseModule, RedisModule, QueueModule, EventsModule, SecretsModule, RateLimitModule, CqrsModule.forRoot()];
}

/** Feature modules: their commands, server functions, projectors and jobs. */
export const featureModules = [AuthModule, SiteModule, CatalogModule, AdminModule, EmailModule, PreferencesModule, ContactModule, StripeModule, CheckoutModule, SubscriptionsModule, LicensesModule, DashboardModule, PluginApiModule, CreditsModule, DevicesModule, AvailabilityModule, BookingModule, CoursesModule, LibraryModule];

@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ...infrastructureModules(config),
        LoggerModule.forRoot({
          pinoHttp: {
            logger: rootLogger(config),
            genReqId: requestIdFor,
            autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || (req.url ?? '').startsWith('/assets/') },
            customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
        ServerFnModule,
        HealthModule,
        ...featureModules,
        ...(standIns(config).stripeEmulator ? [StripeEmulatorModule] : []),
        ...(standIns(config).outbox ? [OutboxModule] : []),
        ...(usesDemoData(config) ? [DemoModule] : []),
        ...extraModules,
        WebModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorEnvelopeFilter }],
    };
  }
}

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [...infrastructureModules(config), ...featureModules, ProjectionModule, AdminJobsModule, EmailJobsModule, BookingRemindersJobsModule, StripeWebhookJobsModule] };
  }
}
