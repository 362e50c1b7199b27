import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { ReactorRegistry } from '../../events/reactor-registry';
import { CatalogModule, CatalogQueries } from '../catalog';
import { EmailKinds, EmailModule, EmailTriggers } from '../email';
import { CheckoutService, PurchaseFollowers, CheckoutModule } from '../checkout';
import { StripeClient, StripeModule } from '../../integrations/stripe';
import { bookingEvents } from './booking.events';
import { bookingEmailKinds } from './emails/booking-email-kinds';
import { bookingEmailTriggers } from './emails/booking-emails';
import { BookingRemindersModule } from './jobs/booking-reminders.module';
import { BookingPaymentFollower } from './booking-payment-follower';
import { BookingQueries, BookingReads } from './booking.queries';
import { BookingRefundsReactor } from './jobs/booking-refunds.reactor';
import { CancelBookingHandler } from './commands/cancel-booking.handler';
import { ConfirmBookingHandler } from './commands/confirm-booking.handler';
import { HoldSlotHandler } from './commands/hold-slot.handler';
import { HostCalendars } from './commands/host-calendars';
import { ReleaseHoldHandler } from './commands/release-hold.handler';
import { RescheduleBookingHandler } from './commands/reschedule-booking.handler';
import { SessionCheckout } from './session-checkout';
import { HostSessionsServerFns } from './host-sessions.server-fns';
import { SessionBookingsProjector } from './projections/session-bookings.projector';
import { SessionsServerFns } from './booking.server-fns';
import { bookingStreamKinds } from './booking.stream-kinds';

/** 1-on-1 sessions: holds and bookings on each host's calendar, their payments and refunds. */
@Module({
  imports: [CheckoutModule, StripeModule, CatalogModule, EmailModule, BookingRemindersModule],
  providers: [
    SessionsServerFns,
    HostSessionsServerFns,
    { provide: BookingReads, inject: [MikroORM], useFactory: (orm: MikroORM) => new BookingReads(orm) },
    {
      provide: BookingQueries,
      inject: [BookingReads, CatalogQueries],
      useFactory: (reads: BookingReads, catalog: CatalogQueries) => new BookingQueries(reads, catalog),
    },
    {
      provide: SessionCheckout,
      inject: [CommandBus, MikroORM, BookingReads, CatalogQueries, CheckoutService, APP_CONFIG],
      useFactory: (commands: CommandBus, orm: MikroORM, reads: BookingReads, catalog: CatalogQueries, checkout: CheckoutService, config: AppConfig) =>
        new SessionCheckout(commands, orm, reads, catalog, checkout, config.PUBLIC_URL),
    },
    HostCalendars,
    HoldSlotHandler,
    ReleaseHoldHandler,
    ConfirmBookingHandler,
    RescheduleBookingHandler,
    CancelBookingHandler,
  ],
})
export class BookingModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    private readonly followers: PurchaseFollowers,
    private readonly commands: CommandBus,
    private readonly reads: BookingReads,
    @Inject(StripeClient) private readonly stripe: StripeClient,
    private readonly triggers: EmailTriggers,
    private readonly emailKinds: EmailKinds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.register(...bookingEvents);
    this.streamKinds.add(...bookingStreamKinds);
    this.projectors.register(new SessionBookingsProjector());
    this.reactors.register(new BookingRefundsReactor(this.stripe));
    this.followers.add(new BookingPaymentFollower(this.commands, this.reads));
    this.emailKinds.add(bookingEmailKinds);
    this.triggers.add(...bookingEmailTriggers(this.config.PUBLIC_URL));
  }
}
