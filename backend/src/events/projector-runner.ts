import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rootLogger } from '../platform/common/logger';
import { APP_CONFIG } from '../platform/config/config.module';
import type { AppConfig } from '../platform/config/config.schema';
import { EventNotifier } from './event-notifier';
import { EventStore } from './event-store';
import { SharedLeaderLocks } from './leader-locks';
import { ProjectionWorker } from './projection-worker';
import { ProjectorRegistry } from './projector-registry';
import { reactorAsProjector } from './reactor';
import { ReactorRegistry } from './reactor-registry';

/** Runs every registered projector and reactor in the worker process (each where it holds the lock; all locks on one session). */
@Injectable()
export class ProjectorRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private notifier?: EventNotifier;
  private workers: ProjectionWorker[] = [];
  private locks?: SharedLeaderLocks;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly store: EventStore,
    private readonly projectors: ProjectorRegistry,
    private readonly reactors: ReactorRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const runs = [...this.projectors.all(), ...this.reactors.all().map(reactorAsProjector)];
    const names = runs.map((run) => run.name);
    const shared = names.find((name, index) => names.indexOf(name) !== index);
    // Names key the checkpoints and the leader locks.
    if (shared) throw new Error(`${shared} is registered as a projector and a reactor`);
    this.notifier = new EventNotifier(this.config.DATABASE_URL);
    await this.notifier.start();
    const log = rootLogger(this.config);
    const locks = (this.locks = new SharedLeaderLocks(this.config.DATABASE_URL));
    this.workers = runs.map(
      (projector) => new ProjectionWorker(projector, this.orm, this.store, this.notifier!, { connectionString: this.config.DATABASE_URL, locks, log }),
    );
    for (const worker of this.workers) worker.start();
  }

  // Before the connections close: a batch in hand commits (or rolls back) first.
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
    await this.locks?.close();
    await this.notifier?.stop();
  }
}
