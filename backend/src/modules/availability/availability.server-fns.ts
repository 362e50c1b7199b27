import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { getHostAvailability, saveHostAvailability } from '../../../../contracts/availability/availability.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../auth';
import { availabilityTables } from './projections/availability.entity';
import { SaveHostAvailability } from './commands/save-host-availability.handler';
import { NotAHostError } from './availability.errors';

/** A host's weekly hours, overrides and booking rules (saved as one event). */
@Injectable()
export class AvailabilityServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(getHostAvailability)
  async getHostAvailability(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getHostAvailability>> {
    const user = await this.auth.requireUser(context);
    if (!user.isAdmin) return { host: false, schedule: null, updatedAt: null };
    const host = user;
    const row = await availabilityTables(this.orm.em)
      .selectFrom('rm_host_availability')
      .select(['schedule', 'updated_at'])
      .where('host_user_id', '=', host.userId)
      .executeTakeFirst();
    return { host: true, schedule: row?.schedule ?? null, updatedAt: row?.updated_at.toISOString() ?? null };
  }

  @ServerFn(saveHostAvailability)
  async saveHostAvailability(
    input: z.output<typeof saveHostAvailability.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof saveHostAvailability>> {
    const host = await this.host(context);
    const { updatedAt } = await this.commands.execute(
      new SaveHostAvailability({ userId: host.userId, name: host.name }, input.schedule, context.correlationId),
    );
    return { saved: true, updatedAt };
  }

  /** Hosts are accounts with the admin role (org:admin; LOCAL_ADMIN_EMAILS locally). */
  private async host(context: ServerFnContext): Promise<SignedInUser> {
    const user = await this.auth.requireUser(context);
    if (!user.isAdmin) throw new NotAHostError();
    return user;
  }
}
