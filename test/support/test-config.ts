import { configSchema, type AppConfig } from '../../backend/src/config/config.schema';

/** The app's config as the integration run's database and queue prefix need it. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run through the integration project');
  return configSchema.parse({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: process.env.TEST_QUEUE_PREFIX ?? 'test',
    ...overrides,
  });
}
