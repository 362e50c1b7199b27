import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { featureModules, infrastructureModules, standInModules } from '../app.module';
import { preflight, PreflightError } from '../platform/boot/preflight';
import { prepareDatabase } from '../prepare-database';
import { ConfigError, loadConfig } from '../platform/config/load-config';
import { EventStore } from '../events/event-store';
import { ProjectorRegistry } from '../events/projector-registry';
import { replayProjector, type ReplayProgress } from '../events/replay';

/**
 * npm run events:replay [ProjectorName]: rebuilds one read model, or all of them, from position 0
 * while the site keeps running (see events/replay.ts for how the swap stays safe).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await preflight(config);
  await prepareDatabase(config);
  @Module({ imports: [...infrastructureModules(config), ...featureModules, ...standInModules(config)] })
  class ReplayCliModule {}
  const app = await NestFactory.createApplicationContext(ReplayCliModule, { logger: ['error', 'warn'] });
  try {
    const registry = app.get(ProjectorRegistry);
    const wanted = process.argv[2];
    const projectors = wanted ? [registry.get(wanted)].filter((p) => p !== undefined) : registry.all();
    if (projectors.length === 0) {
      console.error(
        `No read model called ${wanted}. Known: ${registry
          .all()
          .map((p) => p.name)
          .join(', ')}`,
      );
      process.exitCode = 64;
      return;
    }
    for (const projector of projectors) {
      let lastLine = 0;
      const show = (p: ReplayProgress) => {
        if (p.phase === 'building' && Date.now() - lastLine < 500) return;
        lastLine = Date.now();
        const pct = p.eventsTotal ? Math.min(100, Math.round((p.eventsApplied / p.eventsTotal) * 100)) : 100;
        console.log(`${p.projector}: ${p.phase} ${p.eventsApplied}/${p.eventsTotal} events (${pct}%)`);
      };
      const result = await replayProjector(app.get(MikroORM), app.get(EventStore), projector, { onProgress: show });
      const rate = result.durationMs ? Math.round((result.eventsApplied / result.durationMs) * 1000) : result.eventsApplied;
      console.log(`✔ ${result.projector}: rebuilt from ${result.eventsApplied} events in ${result.durationMs} ms (${rate} events/s) and swapped in.`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof PreflightError ? error.message : error);
  process.exit(1);
});
