import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  bookSession,
  cancelSession,
  getMySessions,
  getRescheduleSlots,
  getSessionsPageData,
  releaseSessionHold,
  rescheduleSession,
} from '../../../../contracts/booking/booking.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { awaitProjection } from '../../events/projection-wait';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import { offersStart } from '../availability';
import { SlotUnavailableError } from './booking.errors';
import { BookingQueries } from './booking.queries';
import { userMetadata } from './booking-policy';
import { CancelBooking } from './commands/cancel-booking.handler';
import { RescheduleBooking } from './commands/reschedule-booking.handler';
import { SessionCheckout } from './session-checkout';

/** `/sessions` and the dashboard's sessions section. */
@Injectable()
export class SessionsServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly queries: BookingQueries,
    private readonly sessionCheckout: SessionCheckout,
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(getSessionsPageData)
  async getSessionsPageData(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getSessionsPageData>> {
    return this.queries.pageData(await this.auth.user(context));
  }

  @ServerFn(bookSession)
  async bookSession(input: z.output<typeof bookSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof bookSession>> {
    const user = await this.auth.requireUser(context);
    return this.sessionCheckout.book(user, input, context.correlationId);
  }

  @ServerFn(releaseSessionHold)
  async releaseSessionHold(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof releaseSessionHold>> {
    const user = await this.auth.requireUser(context);
    return { released: await this.sessionCheckout.releaseHolds(user, context.correlationId) };
  }

  @ServerFn(getMySessions)
  async getMySessions(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getMySessions>> {
    return this.queries.mySessions(await this.auth.requireUser(context));
  }

  @ServerFn(getRescheduleSlots)
  async getRescheduleSlots(input: z.output<typeof getRescheduleSlots.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getRescheduleSlots>> {
    return { slots: await this.queries.rescheduleSlots(await this.auth.requireUser(context), input.bookingId) };
  }

  @ServerFn(rescheduleSession)
  async rescheduleSession(input: z.output<typeof rescheduleSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof rescheduleSession>> {
    const user = await this.auth.requireUser(context);
    const now = new Date();
    const { booking, host } = await this.queries.ownBooking(user, input.bookingId);
    if (!host || booking.status !== 'confirmed') throw new SlotUnavailableError();
    const start = new Date(input.start);
    if (!offersStart(host.schedule, booking.minutes, start, now)) throw new SlotUnavailableError();
    const end = new Date(start.getTime() + booking.minutes * 60_000);
    const command = {
      hostUserId: host.hostUserId,
      bookingId: input.bookingId,
      customerUserId: user.userId,
      start: start.toISOString(),
      end: end.toISOString(),
      bufferMinutes: host.schedule.bufferMinutes,
      at: now.toISOString(),
    };
    const outcome = await this.commands.execute(new RescheduleBooking(command, userMetadata(user, context.correlationId)));
    await awaitProjection(this.orm, 'SessionBookingsProjector', outcome);
    return { session: await this.queries.session(user, input.bookingId, now) };
  }

  @ServerFn(cancelSession)
  async cancelSession(input: z.output<typeof cancelSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof cancelSession>> {
    const user = await this.auth.requireUser(context);
    const now = new Date();
    const { booking } = await this.queries.ownBooking(user, input.bookingId);
    const command = {
      hostUserId: booking.host_user_id,
      bookingId: input.bookingId,
      customerUserId: user.userId,
      by: 'customer' as const,
      at: now.toISOString(),
    };
    const outcome = await this.commands.execute(new CancelBooking(command, userMetadata(user, context.correlationId)));
    await awaitProjection(this.orm, 'SessionBookingsProjector', outcome);
    return { session: await this.queries.session(user, input.bookingId, now) };
  }
}
