import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getHostSessions, hostCancelSession } from '../../../../contracts/booking/host-sessions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../auth';
import { NotAHostError } from '../availability';
import { BookingService } from './booking.service';

/** A host's upcoming sessions, and cancelling one of them. */
@Injectable()
export class HostSessionsServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly booking: BookingService,
  ) {}

  @ServerFn(getHostSessions)
  async getHostSessions(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getHostSessions>> {
    return { upcoming: await this.booking.hostSessions(await this.host(context)) };
  }

  @ServerFn(hostCancelSession)
  async hostCancelSession(input: z.output<typeof hostCancelSession.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof hostCancelSession>> {
    await this.booking.hostCancel(await this.host(context), input.bookingId, context.requestId);
    return { cancelled: true };
  }

  /** Hosts are accounts with the admin role (org:admin; LOCAL_ADMIN_EMAILS locally). */
  private async host(context: ServerFnContext): Promise<SignedInUser> {
    const user = await this.auth.requireUser(context);
    if (!user.isAdmin) throw new NotAHostError();
    return user;
  }
}
