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
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { AdminAccess } from './admin-access';
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
    private readonly admin: AdminAccess,
  ) {}

  @ServerFn(adminListEvents)
  async listEvents(input: z.output<typeof adminListEvents.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminListEvents>> {
    await this.admin.assert(context);
    const [page, types] = await Promise.all([this.queries.events(input), this.queries.eventTypes()]);
    return { ...page, types };
  }

  @ServerFn(adminListStreams)
  async listStreams(input: z.output<typeof adminListStreams.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminListStreams>> {
    await this.admin.assert(context);
    return this.queries.streams(input.category, input.limit);
  }

  @ServerFn(adminGetProjectors)
  async getProjectors(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof adminGetProjectors>> {
    await this.admin.assert(context);
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

  @ServerFn(adminStartReplay)
  async startReplay(input: z.output<typeof adminStartReplay.input>, context: ServerFnContext): Promise<{ replayId: string }> {
    await this.admin.assert(context);
    return this.commands.execute(new RequestReplay(input.projector, { kind: 'admin', userId: 'admin-token' }, context.correlationId));
  }

  @ServerFn(adminGetReplay)
  async getReplay(input: z.output<typeof adminGetReplay.input>, context: ServerFnContext): Promise<ReplayStatus> {
    await this.admin.assert(context);
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
