import { configSchema, type AppConfig } from '../../backend/src/platform/config/config.schema';

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
    // Tests make their own hosts; a test of the demo data turns it back on.
    LOCAL_DEMO_DATA: 'false',
    // Suites run two at a time beside the shared e2e site: Postgres's 100 connections are shared.
    DATABASE_POOL_MAX: '5',
    // Tests stand in for many clients by sending X-Forwarded-For from loopback.
    TRUST_PROXY: 'loopback',
    ...overrides,
  });
}
