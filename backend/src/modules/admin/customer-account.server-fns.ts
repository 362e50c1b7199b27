import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getCustomerAccount, getCustomerTimeline } from '../../../../contracts/admin/customer-account.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import { CustomerAccountQueries } from './customer-account.queries';
import { CustomerTimelineQueries } from './customer-timeline.queries';

@Injectable()
export class CustomerAccountServerFns {
  constructor(
    private readonly account: CustomerAccountQueries,
    private readonly timeline: CustomerTimelineQueries,
  ) {}

  @ServerFn(getCustomerAccount, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getCustomerAccount(input: z.output<typeof getCustomerAccount.input>): Promise<ServerFnOutput<typeof getCustomerAccount>> {
    return this.account.account(input.userId);
  }

  @ServerFn(getCustomerTimeline, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getCustomerTimeline(input: z.output<typeof getCustomerTimeline.input>): Promise<ServerFnOutput<typeof getCustomerTimeline>> {
    return this.timeline.page(input);
  }
}
