import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { adminGetDispute, adminListDisputes, adminSubmitDisputeEvidence } from '../../../../contracts/disputes/disputes.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { SubmitDisputeEvidence } from './commands/submit-dispute-evidence.handler';
import { DisputeNotFoundError } from './disputes.errors';
import { DisputesQueries } from './disputes.queries';

/** The dispute pages in /admin: support reads them, only an owner submits evidence. */
@Injectable()
export class DisputesServerFns {
  constructor(
    private readonly queries: DisputesQueries,
    private readonly commands: CommandBus,
  ) {}

  @ServerFn(adminListDisputes, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async adminListDisputes(_input: unknown): Promise<ServerFnOutput<typeof adminListDisputes>> {
    return { disputes: await this.queries.list() };
  }

  @ServerFn(adminGetDispute, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async adminGetDispute(input: z.output<typeof adminGetDispute.input>): Promise<ServerFnOutput<typeof adminGetDispute>> {
    const found = await this.queries.get(input.disputeId);
    if (!found) throw new DisputeNotFoundError();
    return found;
  }

  @ServerFn(adminSubmitDisputeEvidence, {
    // Owner: evidence goes to Stripe once, for good.
    admin: { role: 'owner', audit: { kind: 'recorded', target: (input) => input.disputeId, outcome: () => 'Evidence submitted to Stripe' } },
  })
  async adminSubmitDisputeEvidence(
    input: z.output<typeof adminSubmitDisputeEvidence.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof adminSubmitDisputeEvidence>> {
    const metadata = requestMetadata(context.correlationId, { kind: 'admin', userId: adminCallerOf(context).id });
    return this.commands.execute(new SubmitDisputeEvidence(input.disputeId, input.evidence, metadata)) as Promise<{ status: 'submitted' }>;
  }
}
