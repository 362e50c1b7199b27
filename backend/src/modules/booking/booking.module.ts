import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { CatalogModule, CatalogQueries } from '../catalog';
import { EmailModule, EmailTriggers } from '../email';
import { CheckoutService, PurchaseFollowers, CheckoutModule } from '../checkout';
import { StripeClient, StripeModule } from '../../integrations/stripe';
import { bookingEvents } from './booking.events';
import { bookingEmailTriggers } from './emails/booking-emails';
import { BookingRemindersModule } from './jobs/booking-reminders.module';
import { BookingPaymentFollower } from './booking-payment-follower';
import { BookingReads } from './booking.queries';
import { BookingRefundsReactor } from './jobs/booking-refunds.reactor';
import { BookingService } from './booking.service';
import { HostSessionsServerFns } from './host-sessions.server-fns';
import { SessionBookingsProjector } from './projections/session-bookings.projector';
import { SessionsServerFns } from './booking.server-fns';

/** 1-on-1 sessions: holds and bookings on each host's calendar, their payments and refunds. */
@Module({
  imports: [CheckoutModule, StripeModule, CatalogModule, EmailModule, BookingRemindersModule],
  providers: [
    SessionsServerFns,
    HostSessionsServerFns,
    { provide: BookingReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new BookingReads(orm) },
    {
      provide: BookingService,
      inject: [EventStore, MikroORM, BookingReads, CatalogQueries, CheckoutService, StripeClient, APP_CONFIG],
      useFactory: (
        store: EventStore,
        orm: MikroORM,
        reads: BookingReads,
        catalog: CatalogQueries,
        checkout: CheckoutService,
        stripe: StripeClient,
        config: AppConfig,
      ) => new BookingService(store, orm, reads, catalog, checkout, stripe, config.PUBLIC_URL),
    },
  ],
})
export class BookingModule implements OnModuleInit {
  constructor(
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly followers: PurchaseFollowers,
    private readonly booking: BookingService,
    private readonly reads: BookingReads,
    @Inject(StripeClient) private readonly stripe: StripeClient,
    private readonly triggers: EmailTriggers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.register(...bookingEvents);
    this.projectors.register(new SessionBookingsProjector());
    this.reactors.register(new BookingRefundsReactor(this.stripe));
    this.followers.add(new BookingPaymentFollower(this.booking, this.reads));
    this.triggers.add(...bookingEmailTriggers(this.config.PUBLIC_URL));
  }
}
