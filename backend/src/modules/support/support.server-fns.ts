import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { takeSupportAction } from '../../../../contracts/admin/support-actions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from '../admin';
import { TakeSupportAction } from './commands/take-support-action.handler';

@Injectable()
export class SupportServerFns {
  constructor(
    private readonly admin: AdminAccess,
    private readonly commands: CommandBus,
  ) {}

  @ServerFn(takeSupportAction)
  async takeSupportAction(input: z.output<typeof takeSupportAction.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof takeSupportAction>> {
    const actor = await this.admin.assert(context);
    return this.commands.execute(new TakeSupportAction({ ...input, actor }, context.correlationId));
  }
}
