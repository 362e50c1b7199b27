import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { createApi } from './api';
import { SsrRenderer } from './platform/web/ssr-renderer';
import { prepareDatabase } from './prepare-database';
import { preflight, PreflightError } from './platform/boot/preflight';
import { rootLogger } from './platform/common/logger';
import { startBanner } from './platform/boot/start-banner';
import { DEMO_HOST, usesDemoData } from './modules/demo';
import { ConfigError, loadConfig } from './platform/config/load-config';
import type { AppConfig } from './platform/config/config.schema';
import { createWorker } from './worker';

/** sysexits.h codes, as the README states them: EX_CONFIG for a refused configuration, EX_UNAVAILABLE for a server that does not answer. */
const EXIT_CONFIGURATION = 78;
const EXIT_UNAVAILABLE = 69;

export interface RunningApp {
  url?: string;
  /** The demo host's address, when the local demo data is in use. */
  demoHost?: string;
  stop(): Promise<void>;
}

/** Starts what ROLE asks for (api, worker, or both in one process) after preflight and migrations. */
export async function start(config: AppConfig): Promise<RunningApp> {
  const log = rootLogger(config);
  const started = performance.now();
  await preflight(config);
  const { applied, catalogChanges } = await prepareDatabase(config);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  if (catalogChanges > 0) log.info({ catalogChanges }, 'catalog updated');

  const apps: INestApplicationContext[] = [];
  let url: string | undefined;
  if (config.ROLE !== 'api') apps.push(await createWorker(config));
  if (config.ROLE !== 'worker') {
    const api = await createApi(config);
    // Load the server-rendering bundle before the first visitor, not during their request.
    await api.get(SsrRenderer).warmUp();
    await api.listen(config.PORT, config.HOST);
    const address = api.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://localhost:${port}`;
    apps.push(api);
  }
  const demoHost = url && usesDemoData(config) ? DEMO_HOST.email : undefined;
  log.info({ role: config.ROLE, url, ms: Math.round(performance.now() - started) }, 'ready');
  return {
    url,
    demoHost,
    stop: async () => {
      for (const app of apps.reverse()) await app.close();
    },
  };
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(EXIT_CONFIGURATION);
    }
    throw error;
  }
  let running: RunningApp;
  try {
    running = await start(config);
  } catch (error) {
    if (error instanceof PreflightError) {
      console.error(`✖ ${error.message}`);
      process.exit(EXIT_UNAVAILABLE);
    }
    throw error;
  }
  // The logger writes asynchronously: its 'ready' line goes out before the banner, which is what scripts wait for.
  await new Promise<void>((resolve) => rootLogger().flush(() => resolve()));
  if (running.url) for (const line of startBanner(config, { url: running.url, demoHost: running.demoHost }, Boolean(process.stdout.isTTY))) console.log(line);
  else console.log(`✔ Worker running (role: ${config.ROLE}). Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${config.SHUTDOWN_TIMEOUT_MS} ms; exiting.`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    rootLogger().info({ signal }, 'shutting down');
    running.stop().then(
      () => {
        console.log('Stopped cleanly.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
