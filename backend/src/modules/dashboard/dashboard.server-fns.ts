import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { assignSeat, checkDashboardAccess, getDashboardData, removeSeat } from '../../../../contracts/dashboard/dashboard.contract';
import type { DashboardSearch } from '../../../../contracts/dashboard/dashboard-search';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { awaitProjection } from '../../events/projection-wait';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EventMetadata } from '../../events/event-metadata';
import { requestMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../auth';
import { userOrSignIn } from '../auth';
import { CatalogQueries } from '../catalog';
import { LicenseChanges } from '../licenses';
import { AddLicensedUser, RemoveLicensedUser } from '../licenses';
import { LicenseNotFoundError } from '../licenses';
import { DashboardQueries } from './dashboard.queries';

const userMetadata = (user: SignedInUser, context: ServerFnContext): EventMetadata =>
  requestMetadata(context.correlationId, { kind: 'user', userId: user.userId });

/** The dashboard: its data, and the seats the owner hands out there. */
@Injectable()
export class DashboardServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly queries: DashboardQueries,
    private readonly commands: CommandBus,
    private readonly catalog: CatalogQueries,
    private readonly orm: MikroORM,
    private readonly licenseChanges: LicenseChanges,
  ) {}

  @ServerFn(checkDashboardAccess)
  async checkDashboardAccess(search: DashboardSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof checkDashboardAccess>> {
    await this.signedIn(search, context);
    return { signedIn: true };
  }

  @ServerFn(getDashboardData)
  async getDashboardData(search: DashboardSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof getDashboardData>> {
    return this.queries.forUser(await this.signedIn(search, context));
  }

  @ServerFn(assignSeat)
  async assignSeat(input: z.output<typeof assignSeat.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof assignSeat>> {
    const user = await this.auth.requireUser(context);
    const license = await this.queries.license(user.userId, input.licenseId);
    if (!license) throw new LicenseNotFoundError();
    const title = (await this.catalog.findByIdOrSlug(license.resource_id))?.title ?? license.plan;
    const outcome = await this.commands.execute(
      new AddLicensedUser(input.licenseId, { userId: user.userId, name: user.name }, title, input.email, userMetadata(user, context)),
    );
    await awaitProjection(this.orm, 'LicensesProjector', outcome);
    return { assigned: true };
  }

  @ServerFn(removeSeat)
  async removeSeat(input: z.output<typeof removeSeat.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof removeSeat>> {
    const user = await this.auth.requireUser(context);
    const outcome = await this.commands.execute(new RemoveLicensedUser(input.licenseId, user.userId, input.email, userMetadata(user, context)));
    await awaitProjection(this.orm, 'LicensesProjector', outcome);
    // Before answering: from the answer on, every api refuses the seat's key.
    await this.licenseChanges.publish(input.licenseId);
    return { removed: true };
  }

  private signedIn(search: DashboardSearch, context: ServerFnContext): Promise<SignedInUser> {
    return userOrSignIn(this.auth, context, `/dashboard${search.section ? `?section=${search.section}` : ''}`);
  }
}
