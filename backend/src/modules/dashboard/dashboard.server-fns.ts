import { Injectable } from '@nestjs/common';
import { checkDashboardAccess, getDashboardData } from '../../../../contracts/dashboard/dashboard.contract';
import type { DashboardSearch } from '../../../../contracts/dashboard/dashboard-search';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser, userOrSignIn } from '../auth';
import { DashboardQueries } from './dashboard.queries';

/** The dashboard's own reads; what the customer does there is each owner module's server function. */
@Injectable()
export class DashboardServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly queries: DashboardQueries,
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

  private signedIn(search: DashboardSearch, context: ServerFnContext): Promise<SignedInUser> {
    return userOrSignIn(this.auth, context, `/dashboard${search.section ? `?section=${search.section}` : ''}`);
  }
}
