import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getEntitlementSources } from '../../../../contracts/admin/entitlement-sources.contract';
import { getMyEntitlementSources } from '../../../../contracts/dashboard/entitlement-sources.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import { EntitlementSourcesQueries } from './entitlement-sources.queries';
import { entitlementsForCustomer } from './entitlements-for-customer';

/** "Why do I have access?": any account's for administrators, and the signed-in customer's own. */
@Injectable()
export class EntitlementSourcesServerFns {
  constructor(
    private readonly queries: EntitlementSourcesQueries,
    private readonly auth: Auth,
  ) {}

  @ServerFn(getEntitlementSources, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getEntitlementSources(input: z.output<typeof getEntitlementSources.input>): Promise<ServerFnOutput<typeof getEntitlementSources>> {
    return { entitlements: await this.queries.forAccount(input.userId, await this.queries.emailOf(input.userId)) };
  }

  /** The user id comes from the session alone: the input names nothing, so no other account can be asked for. */
  @ServerFn(getMyEntitlementSources)
  async getMyEntitlementSources(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getMyEntitlementSources>> {
    const user = await this.auth.requireUser(context);
    return { entitlements: entitlementsForCustomer(await this.queries.forAccount(user.userId, user.email)) };
  }
}
