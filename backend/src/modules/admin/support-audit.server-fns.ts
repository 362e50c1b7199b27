import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getAdminViewer, getSupportAudit } from '../../../../contracts/admin/support-actions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { SupportAuditQueries } from './support-audit.queries';

@Injectable()
export class SupportAuditServerFns {
  constructor(private readonly audit: SupportAuditQueries) {}

  @ServerFn(getSupportAudit, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getSupportAudit(input: z.output<typeof getSupportAudit.input>): Promise<ServerFnOutput<typeof getSupportAudit>> {
    return this.audit.page(input);
  }

  @ServerFn(getAdminViewer, { admin: { role: 'support', audit: { kind: 'reads' } } })
  getAdminViewer(_input: z.output<typeof getAdminViewer.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getAdminViewer>> {
    return Promise.resolve(adminCallerOf(context));
  }
}
