import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { adminGetDispute, adminListDisputes, adminSubmitDisputeEvidence } from '../../../../contracts/disputes/disputes.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from '../admin';
import { Auth } from '../auth';
import { SubmitDisputeEvidence } from './commands/submit-dispute-evidence.handler';
import { DisputeNotFoundError } from './disputes.errors';
import { DisputesQueries } from './disputes.queries';

/** The owner's dispute pages. Admin-only: the site has no support/owner roles yet, so every admin may submit. */
@Injectable()
export class DisputesServerFns {
  constructor(
    private readonly admin: AdminAccess,
    private readonly queries: DisputesQueries,
    private readonly commands: CommandBus,
    private readonly auth: Auth,
  ) {}

  @ServerFn(adminListDisputes)
  async adminListDisputes(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof adminListDisputes>> {
    await this.admin.assert(context);
    return { disputes: await this.queries.list() };
  }

  @ServerFn(adminGetDispute)
  async adminGetDispute(input: z.output<typeof adminGetDispute.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminGetDispute>> {
    await this.admin.assert(context);
    const found = await this.queries.get(input.disputeId);
    if (!found) throw new DisputeNotFoundError();
    return found;
  }

  @ServerFn(adminSubmitDisputeEvidence)
  async adminSubmitDisputeEvidence(
    input: z.output<typeof adminSubmitDisputeEvidence.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof adminSubmitDisputeEvidence>> {
    await this.admin.assert(context);
    const user = await this.auth.user(context);
    const metadata = requestMetadata(context.correlationId, { kind: 'admin', userId: user?.isAdmin ? user.userId : 'admin-token' });
    return this.commands.execute(new SubmitDisputeEvidence(input.disputeId, input.evidence, metadata)) as Promise<{ status: 'submitted' }>;
  }
}
