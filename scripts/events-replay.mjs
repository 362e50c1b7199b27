// node scripts/events-replay.mjs [ProjectorName]
// Rebuilds one read model, or all of them, from position 0 against DATABASE_URL while the site
// keeps running: each is built in copies of its tables beside the live ones and swapped in
// (see backend/src/events/replay.ts). Runs the compiled backend: build it first (npm run build).
// Ctrl-C stops between batches and drops the copies; the live read models stay as they were.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const distRoot = new URL('../dist/app/backend/src/', import.meta.url);
if (!existsSync(new URL('events/replay.js', distRoot))) {
  console.error('The compiled backend is missing: run "npm run build" first.');
  process.exit(1);
}
const dist = (path) => require(new URL(path, distRoot).pathname);

require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { MikroORM } = require('@mikro-orm/postgresql');
const { ConfigError, loadConfig } = dist('platform/config/load-config.js');
const { preflight, PreflightError } = dist('platform/boot/preflight.js');
const { prepareDatabase } = dist('prepare-database.js');
const { featureModules, infrastructureModules, standInModules } = dist('app.module.js');
const { EventStore } = dist('events/event-store.js');
const { ProjectorRegistry } = dist('events/projector-registry.js');
const { replayProjector } = dist('events/replay.js');

const PROGRESS_EVERY_MS = 500;
const STOPPED = new Error('Stopped: the scratch copies were dropped; the live read models are as they were.');
const count = (n) => n.toLocaleString('en-US');

async function main() {
  const config = loadConfig();
  await preflight(config);
  await prepareDatabase(config);
  // The projectors are registered by the feature modules, as in the worker.
  class ReplayScriptModule {}
  Module({ imports: [...infrastructureModules(config), ...featureModules, ...standInModules(config)] })(ReplayScriptModule);
  const app = await NestFactory.createApplicationContext(ReplayScriptModule, { logger: ['error', 'warn'] });

  const abort = new AbortController();
  const onSigint = () => {
    if (abort.signal.aborted) process.exit(130);
    console.log('\nStopping after this batch (Ctrl-C again to quit at once)...');
    abort.abort(STOPPED);
  };
  process.on('SIGINT', onSigint);

  try {
    const registry = app.get(ProjectorRegistry);
    const wanted = process.argv[2];
    const projectors = wanted ? [registry.get(wanted)].filter(Boolean) : registry.all();
    if (projectors.length === 0) {
      console.error(
        `No read model called ${wanted}. Known: ${
          registry
            .all()
            .map((p) => p.name)
            .join(', ') || '(none)'
        }`,
      );
      process.exitCode = 64;
      return;
    }
    const started = performance.now();
    let events = 0;
    for (const projector of projectors) {
      let lastLine = 0;
      const result = await replayProjector(app.get(MikroORM), app.get(EventStore), projector, {
        signal: abort.signal,
        onProgress: (p) => {
          if (p.phase === 'building' && performance.now() - lastLine < PROGRESS_EVERY_MS) return;
          lastLine = performance.now();
          const pct = p.eventsTotal ? Math.min(100, Math.floor((p.eventsApplied / p.eventsTotal) * 100)) : 100;
          console.log(`${p.projector}: ${p.phase} ${count(p.eventsApplied)}/${count(p.eventsTotal)} events (${pct}%)`);
        },
      });
      events += result.eventsApplied;
      console.log(`${result.projector}: rebuilt from ${count(result.eventsApplied)} events in ${count(result.durationMs)} ms and swapped in.`);
    }
    const ms = Math.round(performance.now() - started);
    const rate = ms > 0 ? Math.round((events / ms) * 1000) : events;
    console.log(
      `Replayed ${count(events)} events into ${projectors.length} read model${projectors.length === 1 ? '' : 's'} in ${count(ms)} ms (${count(rate)} events/s).`,
    );
  } finally {
    process.off('SIGINT', onSigint);
    await app.close();
  }
}

main().catch((error) => {
  if (error === STOPPED) {
    console.log(STOPPED.message);
    process.exit(130);
  }
  console.error(error instanceof ConfigError || error instanceof PreflightError ? error.message : error);
  process.exit(1);
});
