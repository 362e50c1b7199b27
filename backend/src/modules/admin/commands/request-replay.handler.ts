import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { runCommand } from '../../../events/command-runner';
import type { Actor } from '../../../events/event-metadata';
import { causeOf, requestMetadata } from '../../../events/metadata-for';
import { EventStore } from '../../../events/event-store';
import { ProjectorRegistry } from '../../../events/projector-registry';
import { ReplayUnderWayError } from '../admin.errors';
import { replayStreamId } from '../admin.events';
import { ADMIN_QUEUE, REPLAY_JOB, type ReplayJobData } from '../jobs/admin-queue';
import { replayDecider } from '../admin.decider';

export class RequestReplay {
  constructor(
    readonly projector: string,
    readonly actor: Actor,
    readonly correlationId: string,
  ) {}
}

/** Records the request, then hands the rebuild to the worker (one per read model at a time). */
@CommandHandler(RequestReplay)
export class RequestReplayHandler implements ICommandHandler<RequestReplay, { replayId: string }> {
  constructor(
    private readonly store: EventStore,
    private readonly projectors: ProjectorRegistry,
    @InjectQueue(ADMIN_QUEUE) private readonly queue: Queue<ReplayJobData>,
  ) {}

  async execute(command: RequestReplay): Promise<{ replayId: string }> {
    const pending = await this.queue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
    if (pending.some((job) => job.data.projector === command.projector)) {
      throw new ReplayUnderWayError(command.projector);
    }
    const replayId = randomUUID();
    const metadata = requestMetadata(command.correlationId, command.actor);
    const requested = await runCommand({
      store: this.store,
      streamId: replayStreamId(replayId),
      decider: replayDecider,
      command: {
        type: 'RequestReplay',
        replayId,
        projector: command.projector,
        knownProjectors: this.projectors.all().map((p) => p.name),
        now: new Date(),
      },
      metadata,
    });
    // The worker's events about this replay are caused by its request's event.
    const cause = requested.status === 'appended' ? causeOf({ position: requested.positions[0]!, metadata }) : undefined;
    await this.queue.add(
      REPLAY_JOB,
      { replayId, projector: command.projector, cause },
      { jobId: replayId, attempts: 1, removeOnComplete: { age: 7 * 24 * 3600 } },
    );
    return { replayId };
  }
}
