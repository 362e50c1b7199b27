import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  bookSession,
  cancelSession,
  getMySessions,
  getRescheduleSlots,
  getSessionsPageData,
  releaseSessionHold,
  rescheduleSession,
} from '../../../../contracts/booking/sessions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import { BookingService } from './booking.service';

/** `/sessions` and the dashboard's sessions section. */
@Injectable()
export class SessionsServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly booking: BookingService,
  ) {}

  @ServerFn(getSessionsPageData)
  async getSessionsPageData(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getSessionsPageData>> {
    return this.booking.pageData(await this.auth.user(context));
  }

  @ServerFn(bookSession)
  async bookSession(input: z.output<typeof bookSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof bookSession>> {
    const user = await this.auth.requireUser(context);
    return this.booking.book(user, input, context.requestId);
  }

  @ServerFn(releaseSessionHold)
  async releaseSessionHold(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof releaseSessionHold>> {
    const user = await this.auth.requireUser(context);
    return { released: await this.booking.releaseHolds(user, context.requestId) };
  }

  @ServerFn(getMySessions)
  async getMySessions(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getMySessions>> {
    return this.booking.mySessions(await this.auth.requireUser(context));
  }

  @ServerFn(getRescheduleSlots)
  async getRescheduleSlots(input: z.output<typeof getRescheduleSlots.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getRescheduleSlots>> {
    return { slots: await this.booking.rescheduleSlots(await this.auth.requireUser(context), input.bookingId) };
  }

  @ServerFn(rescheduleSession)
  async rescheduleSession(input: z.output<typeof rescheduleSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof rescheduleSession>> {
    const user = await this.auth.requireUser(context);
    return { session: await this.booking.reschedule(user, input.bookingId, input.start, context.requestId) };
  }

  @ServerFn(cancelSession)
  async cancelSession(input: z.output<typeof cancelSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof cancelSession>> {
    const user = await this.auth.requireUser(context);
    return { session: await this.booking.cancel(user, input.bookingId, context.requestId) };
  }
}
