import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { WorkerModule } from './app.module';
import type { AppConfig } from './platform/config/config.schema';

/** The worker process: BullMQ processors and projectors, no HTTP. */
export async function createWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  return app;
}
