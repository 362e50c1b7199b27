import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { getHostSessions, hostCancelSession } from '../../../../contracts/booking/booking.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { awaitProjection } from '../../events/projection-wait';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../auth';
import { NotAHostError } from '../availability';
import { HostSessionNotFoundError } from './booking.errors';
import { BookingQueries, BookingReads } from './booking.queries';
import { userMetadata } from './booking-policy';
import { CancelBooking } from './commands/cancel-booking.handler';

/** A host's upcoming sessions, and cancelling one of them. */
@Injectable()
export class HostSessionsServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly queries: BookingQueries,
    private readonly reads: BookingReads,
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(getHostSessions)
  async getHostSessions(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getHostSessions>> {
    return { upcoming: await this.queries.hostSessions(await this.host(context)) };
  }

  @ServerFn(hostCancelSession)
  async hostCancelSession(input: z.output<typeof hostCancelSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof hostCancelSession>> {
    const host = await this.host(context);
    // A host calls a session off: always a full refund.
    const booking = await this.reads.bookingOfHost(host.userId, input.bookingId);
    if (!booking || booking.status !== 'confirmed') throw new HostSessionNotFoundError();
    const command = { hostUserId: host.userId, bookingId: input.bookingId, customerUserId: null, by: 'host' as const, at: new Date().toISOString() };
    const outcome = await this.commands.execute(new CancelBooking(command, userMetadata(host, context.correlationId)));
    await awaitProjection(this.orm, 'SessionBookingsProjector', outcome);
    return { cancelled: true };
  }

  /** Hosts are accounts with the admin role (org:admin; LOCAL_ADMIN_EMAILS locally). */
  private async host(context: ServerFnContext): Promise<SignedInUser> {
    const user = await this.auth.requireUser(context);
    if (!user.isAdmin) throw new NotAHostError();
    return user;
  }
}
