import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApi } from '../../backend/src/api';
import type { AppConfig } from '../../backend/src/platform/config/config.schema';
import { testConfig } from './test-config';

export interface TestApi {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real HTTP app on a free loopback port, against the run's database and Redis. */
export async function startTestApi(options: { env?: Record<string, string>; extraModules?: Type[] } = {}): Promise<TestApi> {
  const config = testConfig(options.env);
  const app = await createApi(config, { extraModules: options.extraModules });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, config, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}
