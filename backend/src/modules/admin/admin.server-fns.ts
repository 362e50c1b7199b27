import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job, Queue } from 'bullmq';
import type { z } from 'zod';
import {
  adminGetProjectors,
  adminGetReplay,
  adminListEvents,
  adminListStreams,
  adminStartReplay,
  type ReplayStatus,
} from '../../../../contracts/admin/admin.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ProjectorRegistry } from '../../events/projector-registry';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { ReplayNotFoundError } from './admin.errors';
import { AdminQueries } from './admin.queries';
import { RequestReplay } from './commands/request-replay.handler';
import { ADMIN_QUEUE, type ReplayJobData } from './jobs/admin-queue';

@Injectable()
export class AdminServerFns {
  constructor(
    private readonly queries: AdminQueries,
    private readonly projectors: ProjectorRegistry,
    private readonly commands: CommandBus,
    @InjectQueue(ADMIN_QUEUE) private readonly queue: Queue<ReplayJobData>,
  ) {}

  @ServerFn(adminListEvents, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async listEvents(input: z.output<typeof adminListEvents.input>): Promise<ServerFnOutput<typeof adminListEvents>> {
    const [page, types] = await Promise.all([this.queries.events(input), this.queries.eventTypes()]);
    return { ...page, types };
  }

  @ServerFn(adminListStreams, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async listStreams(input: z.output<typeof adminListStreams.input>): Promise<ServerFnOutput<typeof adminListStreams>> {
    return this.queries.streams(input.category, input.limit);
  }

  @ServerFn(adminGetProjectors, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getProjectors(_input: unknown): Promise<ServerFnOutput<typeof adminGetProjectors>> {
    const [checkpoints, head, jobs] = await Promise.all([
      this.queries.checkpoints(),
      this.queries.head(),
      this.queue.getJobs(['waiting', 'active', 'completed', 'failed', 'prioritized'], 0, 50),
    ]);
    const projectors = await Promise.all(
      this.projectors.all().map(async (projector) => {
        const checkpoint = checkpoints.get(projector.name);
        const latest = jobs.filter((job) => job.data.projector === projector.name).sort((a, b) => b.timestamp - a.timestamp)[0];
        return {
          name: projector.name,
          tables: [...projector.tables],
          checkpointPosition: checkpoint?.position ?? '0',
          eventsApplied: checkpoint?.eventsApplied ?? 0,
          lag: await this.queries.lag(projector.eventTypes, checkpoint ?? { transactionId: '0', position: '0' }),
          updatedAt: checkpoint?.updatedAt ?? null,
          replay: latest ? await replayStatus(latest) : null,
        };
      }),
    );
    return { headPosition: head, projectors };
  }

  // Owner: a rebuild empties a read model customers' pages read until it is swapped back in.
  @ServerFn(adminStartReplay, {
    admin: { role: 'owner', audit: { kind: 'recorded', target: (input) => input.projector, outcome: (output) => `Replay ${output.replayId} queued` } },
  })
  async startReplay(input: z.output<typeof adminStartReplay.input>, context: ServerFnContext): Promise<{ replayId: string }> {
    const caller = adminCallerOf(context);
    return this.commands.execute(new RequestReplay(input.projector, { kind: 'admin', userId: caller.id }, context.correlationId));
  }

  @ServerFn(adminGetReplay, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async getReplay(input: z.output<typeof adminGetReplay.input>): Promise<ReplayStatus> {
    const job = await this.queue.getJob(input.replayId);
    if (!job) throw new ReplayNotFoundError();
    return replayStatus(job);
  }
}

async function replayStatus(job: Job<ReplayJobData>): Promise<ReplayStatus> {
  const state = await job.getState();
  const progress = (typeof job.progress === 'object' ? job.progress : {}) as { phase?: ReplayStatus['phase']; eventsApplied?: number; eventsTotal?: number };
  return {
    replayId: job.id ?? job.data.replayId,
    projector: job.data.projector,
    state: state === 'completed' ? 'completed' : state === 'failed' ? 'failed' : state === 'active' ? 'running' : 'queued',
    phase: progress.phase ?? null,
    eventsApplied: progress.eventsApplied ?? 0,
    eventsTotal: progress.eventsTotal ?? 0,
    error: job.failedReason ?? null,
  };
}
