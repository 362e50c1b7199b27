import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { takeSupportAction } from '../../../../contracts/admin/support-actions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { TakeSupportAction } from './commands/take-support-action.handler';

@Injectable()
export class SupportServerFns {
  constructor(private readonly commands: CommandBus) {}

  @ServerFn(takeSupportAction, {
    // Support may take it; the kinds only an owner may take are refused by the action's decider (admin.owner_only).
    admin: { role: 'support', audit: { kind: 'own-event', event: 'SupportActionRecorded' } },
  })
  async takeSupportAction(input: z.output<typeof takeSupportAction.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof takeSupportAction>> {
    return this.commands.execute(new TakeSupportAction({ ...input, actor: adminCallerOf(context) }, context.correlationId));
  }
}
