import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getAdminViewer, getSupportAudit } from '../../../../contracts/admin/support-actions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from './admin-access';
import { SupportAuditQueries } from './support-audit.queries';

@Injectable()
export class SupportAuditServerFns {
  constructor(
    private readonly admin: AdminAccess,
    private readonly audit: SupportAuditQueries,
  ) {}

  @ServerFn(getSupportAudit)
  async getSupportAudit(input: z.output<typeof getSupportAudit.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getSupportAudit>> {
    await this.admin.assert(context);
    return this.audit.page(input);
  }

  @ServerFn(getAdminViewer)
  getAdminViewer(_input: z.output<typeof getAdminViewer.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getAdminViewer>> {
    return this.admin.assert(context);
  }
}
