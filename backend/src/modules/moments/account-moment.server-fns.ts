import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getAccountAtMoment } from '../../../../contracts/admin/account-moment.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import { AccountMomentQueries } from './account-moment.queries';

@Injectable()
export class AccountMomentServerFns {
  constructor(private readonly moments: AccountMomentQueries) {}

  @ServerFn(getAccountAtMoment, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getAccountAtMoment(input: z.output<typeof getAccountAtMoment.input>): Promise<ServerFnOutput<typeof getAccountAtMoment>> {
    return this.moments.moment(input);
  }
}
