import { CommandBus } from '@nestjs/cqrs';
import { AdminGate, type AdminCaller, type AdminOperationEntry, type AdminRoleName } from '../../server-fn/admin-operation';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import type { AdminAccess } from '../auth';
import { RecordAdminOperation } from './commands/record-admin-operation.handler';

/** The admin module's gate: the declared role through AdminAccess, the audit entry through RecordAdminOperation. */
export class AdminOperationGate extends AdminGate {
  constructor(
    private readonly access: AdminAccess,
    private readonly commands: CommandBus,
  ) {
    super();
  }

  admit(role: AdminRoleName, context: ServerFnContext): Promise<AdminCaller> {
    return role === 'owner' ? this.access.assertOwner(context) : this.access.assert(context);
  }

  async record(entry: AdminOperationEntry, context: ServerFnContext): Promise<void> {
    await this.commands.execute(new RecordAdminOperation(entry, context.correlationId));
  }
}
