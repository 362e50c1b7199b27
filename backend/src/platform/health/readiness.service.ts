import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { rateLimitRefusals } from '../common/rate-limit/rate-limit-refusals';
import { CatalogChangesListener } from '../database/catalog-changes.listener';
import { REDIS } from '../redis/redis.module';

export interface ReadinessReport {
  ready: boolean;
  checks: {
    postgres: CheckResult;
    redis: CheckResult;
    catalogChanges?: 'listening' | 'not listening';
    /** Requests this process refused for a rate limit since it started, by limiter: a figure, not a condition. */
    rateLimitRefusals: Record<string, number>;
  };
}

interface CheckResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 1_500;

@Injectable()
export class ReadinessService {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly modules: ModuleRef,
  ) {}

  async check(): Promise<ReadinessReport> {
    const [postgres, redis] = await Promise.all([timed(() => this.orm.em.getConnection().execute('select 1')), timed(() => this.redis.ping())]);
    // Said, not required: without it an api process serves the catalog uncached, correctly but slower.
    const catalogChanges = this.catalogChanges();
    return {
      ready: postgres.ok && redis.ok,
      checks: { postgres, redis, ...(catalogChanges ? { catalogChanges } : {}), rateLimitRefusals: rateLimitRefusals().counts() },
    };
  }

  /** Whether the catalog caches of this process hear changes; nothing in a process that keeps none (a worker). */
  private catalogChanges(): ReadinessReport['checks']['catalogChanges'] {
    let listener: CatalogChangesListener;
    try {
      listener = this.modules.get(CatalogChangesListener, { strict: false });
    } catch {
      return undefined;
    }
    return listener.listening ? 'listening' : 'not listening';
  }
}

async function timed(probe: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
