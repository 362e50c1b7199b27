import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.module';

export interface ReadinessReport {
  ready: boolean;
  checks: { postgres: CheckResult; redis: CheckResult };
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
  ) {}

  async check(): Promise<ReadinessReport> {
    const [postgres, redis] = await Promise.all([timed(() => this.orm.em.getConnection().execute('select 1')), timed(() => this.redis.ping())]);
    return { ready: postgres.ok && redis.ok, checks: { postgres, redis } };
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
