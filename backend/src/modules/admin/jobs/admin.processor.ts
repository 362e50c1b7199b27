import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import { EventStore } from '../../../events/event-store';
import { causedBy, systemMetadata } from '../../../events/metadata-for';
import { ProjectorRegistry } from '../../../events/projector-registry';
import { replayProjector, type ReplayProgress } from '../../../events/replay';
import { CompleteReplay } from '../commands/complete-replay.handler';
import { FailReplay } from '../commands/fail-replay.handler';
import { ADMIN_QUEUE, type ReplayJobData } from './admin-queue';

/** admin.replay: rebuilds one read model beside the live one, then records how it ended. */
@Processor(ADMIN_QUEUE)
export class AdminProcessor extends WorkerHost {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly projectors: ProjectorRegistry,
    private readonly commands: CommandBus,
  ) {
    super();
  }

  async process(job: Job<ReplayJobData>): Promise<{ eventsApplied: number }> {
    const { replayId, projector: name, cause } = job.data;
    const metadata = cause ? causedBy(cause) : systemMetadata(replayId);
    const projector = this.projectors.get(name);
    try {
      if (!projector) throw new Error(`No read model called ${name} runs in this worker`);
      let lastReport = 0;
      const result = await replayProjector(this.orm, this.store, projector, {
        onProgress: (progress: ReplayProgress) => {
          // Progress goes to Redis; a few updates a second are plenty for the admin page.
          if (progress.phase === 'building' && Date.now() - lastReport < 200) return;
          lastReport = Date.now();
          void job.updateProgress({ ...progress });
        },
      });
      await job.updateProgress({ projector: name, phase: 'done', eventsApplied: result.eventsApplied, eventsTotal: result.eventsApplied });
      await this.commands.execute(new CompleteReplay(replayId, result.eventsApplied, result.durationMs, metadata));
      return { eventsApplied: result.eventsApplied };
    } catch (error) {
      await this.commands.execute(new FailReplay(replayId, (error as Error).message.slice(0, 500), metadata));
      throw error;
    }
  }
}
