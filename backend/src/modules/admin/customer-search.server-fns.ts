import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { searchCustomers } from '../../../../contracts/admin/customer-search.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import { CustomerSearchQueries } from './customer-search.queries';

@Injectable()
export class CustomerSearchServerFns {
  constructor(private readonly queries: CustomerSearchQueries) {}

  @ServerFn(searchCustomers, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async searchCustomers(input: z.output<typeof searchCustomers.input>): Promise<ServerFnOutput<typeof searchCustomers>> {
    return { results: await this.queries.search(input.query) };
  }
}
