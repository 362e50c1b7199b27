import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { rootLogger, throttledWarning } from '../common/logger';
import { within } from '../common/within';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { REDIS } from '../redis/redis.module';
import { QueueRecovery } from './queue-recovery';
import { whileRecoveryLocked } from './recovery-lock';

const CHECK_EVERY_MS = 1_000;
const INTACT = 'intact';
const RECOVERING = 'recovering';
/**
 * A recovery that takes longer (Redis gone again half-way, its commands waiting for it) gives up
 * the lock and is tried again, from the start, by whichever worker next finds the marker missing.
 */
const RECOVERY_TIMEOUT_MS = 60_000;

/**
 * Notices that Redis has lost its jobs and has them queued again at once. Redis runs without
 * persistence, so a restart, a failover to an empty replica or a flush takes every job and job
 * scheduler with it. A marker key beside the queues says the jobs are intact; every worker looks
 * for it each second and when its connection comes back. When it is gone, one worker at a time
 * (recovery-lock) puts back the schedulers and everything recorded in Postgres and not handled
 * (QueueRecovery), then writes the marker again. The marker reads 'recovering' meanwhile, so a
 * worker killed half-way leaves the work to the next; and it is rewritten only if still there, so
 * a loss during the recovery is noticed too.
 */
@Injectable()
export class RedisLossWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly key: string;
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  /** Whether this worker has seen the marker: a missing one is then a loss, not a first start. */
  private seenIntact = false;
  private readonly warn = throttledWarning('could not check Redis for lost jobs, or put them back', 10_000);
  private readonly onReady = () => void this.check();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly recovery: QueueRecovery,
  ) {
    this.key = `${config.QUEUE_PREFIX}:jobs-intact`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.recovery.restoreSchedules();
    this.redis.on('ready', this.onReady);
    this.timer = setInterval(this.onReady, CHECK_EVERY_MS);
    void this.check();
  }

  /** A recovery under way is not waited for: cut short, it leaves the marker for the next worker. */
  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.redis.off('ready', this.onReady);
  }

  /** One check at a time; a check asked for meanwhile is that one. */
  check(): Promise<void> {
    this.checking ??= this.checkOnce()
      .catch((error: unknown) => this.warn(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    if (this.redis.status !== 'ready') return;
    if ((await this.redis.get(this.key)) === INTACT) {
      this.seenIntact = true;
      return;
    }
    await whileRecoveryLocked(this.orm, this.config.QUEUE_PREFIX, async () => {
      // Another worker may have finished between the look and the lock.
      if ((await this.redis.get(this.key)) === INTACT) return;
      const lost = this.seenIntact;
      const started = performance.now();
      await this.redis.set(this.key, RECOVERING);
      const queued = await within(this.recovery.recover(), RECOVERY_TIMEOUT_MS, 'putting back the jobs Redis lost');
      await this.redis.set(this.key, INTACT, 'XX');
      const ms = Math.round(performance.now() - started);
      const offered = Object.values(queued).reduce((sum, n) => sum + n, 0);
      // A first start on an empty Redis finds no marker either; it is worth a warning only if it found work.
      if (lost) rootLogger().warn({ queued, ms }, 'Redis had lost its jobs: queued again everything recorded and not handled');
      else
        rootLogger()[offered > 0 ? 'warn' : 'info'](
          { queued, ms },
          'no jobs marker in Redis (first start, or Redis lost its data): queued what is recorded and not handled',
        );
    });
  }
}
