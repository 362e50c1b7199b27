import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getAccountAtMoment } from '../../../../contracts/admin/account-moment.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from '../admin';
import { AccountMomentQueries } from './account-moment.queries';

@Injectable()
export class AccountMomentServerFns {
  constructor(
    private readonly moments: AccountMomentQueries,
    private readonly admin: AdminAccess,
  ) {}

  @ServerFn(getAccountAtMoment)
  async getAccountAtMoment(input: z.output<typeof getAccountAtMoment.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getAccountAtMoment>> {
    await this.admin.assert(context);
    return this.moments.moment(input);
  }
}
