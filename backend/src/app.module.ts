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
import { readModelEntities } from './read-model-entities';
import { EventsModule } from './events/events.module';
import { ProjectionModule } from './events/projection.module';
import { HealthModule } from './platform/health/health.module';
import { AdminModule, AdminJobsModule } from './modules/admin';
import { AuthModule } from './modules/auth';
import { CatalogModule } from './modules/catalog';
import { ContactModule } from './modules/contact';
import { CoursesModule } from './modules/courses';
import { EmailJobsModule, EmailModule } from './modules/email';
import { BookingRemindersJobsModule, BookingModule } from './modules/booking';
import { PreferencesModule } from './modules/preferences';
import { IdentityEmulatorModule } from './emulators/identity/identity-emulator.module';
import { OutboxModule } from './emulators/outbox/outbox.module';
import { StripeEmulatorModule } from './emulators/stripe/stripe-emulator.module';
import { StripeWebhookJobsModule, StripeModule } from './integrations/stripe';
import { CheckoutJobsModule, CheckoutModule } from './modules/checkout';
import { DashboardModule } from './modules/dashboard';
import { LicensesModule } from './modules/licenses';
import { SubscriptionsModule } from './modules/subscriptions';
import { PluginApiModule } from './modules/plugin-api';
import { CreditsModule } from './modules/credits';
import { DevicesModule } from './modules/devices';
import { AvailabilityModule } from './modules/availability';
import { CrawlersModule, SiteModule } from './modules/site';
import { DemoModule, usesDemoData } from './modules/demo';
import { LibraryModule } from './modules/library';
import { DisputesModule } from './modules/disputes';
import { InvoicingModule } from './modules/invoicing';
import { PromotionsModule } from './modules/promotions';
import { TaxReportModule } from './modules/tax-report';
import { MomentsModule } from './modules/moments';
import { SupportJobsModule, SupportModule } from './modules/support';
import { QueueModule } from './platform/queue/queue.module';
import { QueueRecoveryModule } from './platform/queue/queue-recovery.module';
import { RedisModule } from './platform/redis/redis.module';
import { ServerFnModule } from './server-fn/server-fn.module';
import { WebModule } from './platform/web/web.module';

/** Connections every process shares: config, logs, Postgres, Redis, BullMQ. */
export function infrastructureModules(config: AppConfig): Array<DynamicModule | Type> {
  return [
    ConfigModule.forRoot(config),
    DatabaseModule.forRoot(readModelEntities),
    RedisModule,
    QueueModule,
    EventsModule,
    SecretsModule,
    RateLimitModule,
    CqrsModule.forRoot(),
  ];
}

/** Feature modules: their commands, server functions, projectors and jobs. */
export const featureModules = [
  AuthModule,
  SiteModule,
  CatalogModule,
  AdminModule,
  EmailModule,
  PreferencesModule,
  ContactModule,
  StripeModule,
  CheckoutModule,
  SubscriptionsModule,
  LicensesModule,
  DashboardModule,
  PluginApiModule,
  CreditsModule,
  DevicesModule,
  AvailabilityModule,
  BookingModule,
  CoursesModule,
  LibraryModule,
  DisputesModule,
  InvoicingModule,
  TaxReportModule,
  PromotionsModule,
  MomentsModule,
  SupportModule,
];

/** Stand-ins both processes mount, never in production (see standIns): the local sign-in and the email outbox. */
export function standInModules(config: AppConfig): Type[] {
  const mounted = standIns(config);
  return [...(mounted.localSignIn ? [IdentityEmulatorModule] : []), ...(mounted.outbox ? [OutboxModule] : [])];
}

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
            // A 429 is counted and sampled by the rate limits' own log (rate-limit-refusals.ts), not a line each.
            customLogLevel: (_req, res, err) =>
              err || res.statusCode >= 500 ? 'error' : res.statusCode === 429 ? 'silent' : res.statusCode >= 400 ? 'warn' : 'info',
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
        ...standInModules(config),
        ...(usesDemoData(config) ? [DemoModule] : []),
        ...extraModules,
        CrawlersModule,
        WebModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorEnvelopeFilter }],
    };
  }
}

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...infrastructureModules(config),
        QueueRecoveryModule,
        ...featureModules,
        ...standInModules(config),
        ProjectionModule,
        AdminJobsModule,
        SupportJobsModule,
        EmailJobsModule,
        BookingRemindersJobsModule,
        CheckoutJobsModule,
        StripeWebhookJobsModule,
      ],
    };
  }
}
