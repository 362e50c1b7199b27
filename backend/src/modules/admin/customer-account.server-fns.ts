import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getCustomerAccount, getCustomerTimeline } from '../../../../contracts/admin/customer-account.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from './admin-access';
import { CustomerAccountQueries } from './customer-account.queries';
import { CustomerTimelineQueries } from './customer-timeline.queries';

@Injectable()
export class CustomerAccountServerFns {
  constructor(
    private readonly account: CustomerAccountQueries,
    private readonly timeline: CustomerTimelineQueries,
    private readonly admin: AdminAccess,
  ) {}

  @ServerFn(getCustomerAccount)
  async getCustomerAccount(input: z.output<typeof getCustomerAccount.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getCustomerAccount>> {
    await this.admin.assert(context);
    return this.account.account(input.userId);
  }

  @ServerFn(getCustomerTimeline)
  async getCustomerTimeline(input: z.output<typeof getCustomerTimeline.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getCustomerTimeline>> {
    await this.admin.assert(context);
    return this.timeline.page(input);
  }
}
