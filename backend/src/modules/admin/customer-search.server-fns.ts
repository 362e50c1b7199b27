import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { searchCustomers } from '../../../../contracts/admin/customer-search.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from './admin-access';
import { CustomerSearchQueries } from './customer-search.queries';

@Injectable()
export class CustomerSearchServerFns {
  constructor(
    private readonly queries: CustomerSearchQueries,
    private readonly admin: AdminAccess,
  ) {}

  @ServerFn(searchCustomers)
  async searchCustomers(input: z.output<typeof searchCustomers.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof searchCustomers>> {
    await this.admin.assert(context);
    return { results: await this.queries.search(input.query) };
  }
}
