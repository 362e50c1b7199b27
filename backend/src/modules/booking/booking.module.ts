import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { CatalogModule } from '../catalog/catalog.module';
import { CatalogQueries } from '../catalog/catalog.queries';
import { EmailModule } from '../email/email.module';
import { EmailTriggers } from '../email/email-triggers';
import { CheckoutService } from '../payments/checkout/checkout.service';
import { PurchaseFollowers } from '../payments/fulfilment/purchase-followers';
import { PaymentsModule } from '../payments/payments.module';
import { StripeClient } from '../payments/stripe/stripe-client';
import { availabilityEvents } from './availability.events';
import { AvailabilityProjector } from './availability.projector';
import { AvailabilityServerFns } from './availability.server-fns';
import { bookingEvents } from './booking.events';
import { bookingEmailTriggers } from './booking-emails';
import { BookingRemindersModule } from './booking-reminders.module';
import { BookingPaymentFollower } from './booking-payment-follower';
import { BookingReads } from './booking-reads';
import { BookingRefundsReactor } from './booking-refunds.reactor';
import { BookingService } from './booking.service';
import { SessionBookingsProjector } from './session-bookings.projector';
import { SessionsServerFns } from './sessions.server-fns';

/** 1-on-1 sessions: hosts' availability, holds and bookings on each host's calendar, their payments and refunds. */
@Module({
  imports: [PaymentsModule, CatalogModule, EmailModule, BookingRemindersModule],
  providers: [
    AvailabilityServerFns,
    SessionsServerFns,
    { provide: BookingReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new BookingReads(orm) },
    {
      provide: BookingService,
      inject: [EventStore, MikroORM, BookingReads, CatalogQueries, CheckoutService, StripeClient, APP_CONFIG],
      useFactory: (store: EventStore, orm: MikroORM, reads: BookingReads, catalog: CatalogQueries, checkout: CheckoutService, stripe: StripeClient, config: AppConfig) =>
        new BookingService(store, orm, reads, catalog, checkout, stripe, config.PUBLIC_URL),
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
    this.events.register(...availabilityEvents, ...bookingEvents);
    for (const projector of [new AvailabilityProjector(), new SessionBookingsProjector()]) this.projectors.register(projector);
    this.reactors.register(new BookingRefundsReactor(this.stripe));
    this.followers.add(new BookingPaymentFollower(this.booking, this.reads));
    this.triggers.add(...bookingEmailTriggers(this.config.PUBLIC_URL));
  }
}
