import { Client } from 'pg';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.schema';

export class PreflightError extends Error {}

const TIMEOUT_MS = 3_000;

/**
 * Checks that Postgres and Redis both answer before anything else starts, and only then creates
 * the database if the server is up but the database is not there yet: a start refused for Redis
 * leaves nothing behind. Fails with one line that says what to do.
 */
export async function preflight(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>): Promise<void> {
  const databaseMissing = await databaseIsMissing(config.DATABASE_URL);
  await pingRedis(config.REDIS_URL);
  if (databaseMissing) await createDatabase(config.DATABASE_URL);
}

/** Whether the server answers without the database (Postgres' 3D000); any other failure is Postgres being down. */
async function databaseIsMissing(databaseUrl: string): Promise<boolean> {
  try {
    await withClient(databaseUrl, async () => undefined);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw postgresDown(new URL(databaseUrl), error);
    return true;
  }
}

async function createDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  try {
    await withClient(admin.toString(), (client) => client.query(`create database "${name.replaceAll('"', '""')}"`));
  } catch (error) {
    // 42P04: another process starting at the same time made it first.
    if ((error as { code?: string }).code !== '42P04') throw postgresDown(target, error);
  }
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function pingRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const where = redactUrl(new URL(redisUrl));
    throw new PreflightError(
      `Redis is not answering at ${where} (${(error as Error).message}). Start it with "redis-server --daemonize yes" or "docker compose up -d redis", or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Postgres answered but would not let this user in: a password it needs, or a role it does not have. */
const REFUSED_SIGN_IN = new Set(['28P01', '28000']);

function postgresDown(target: URL, error: unknown): PreflightError {
  const { code, message } = error as { code?: string; message?: string };
  if ((code && REFUSED_SIGN_IN.has(code)) || /password/i.test(message ?? '')) {
    return new PreflightError(
      `Postgres at ${redactUrl(target)} refused to sign in user "${decodeURIComponent(target.username || 'postgres')}" (${message}). Allow it over TCP without a password ("trust" for 127.0.0.1 in pg_hba.conf), or set DATABASE_URL with a user and password that may create databases.`,
    );
  }
  return new PreflightError(
    `Postgres is not answering at ${redactUrl(target)} (${(error as Error).message}). Start it with "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" or "docker compose up -d postgres", or set DATABASE_URL.`,
  );
}

function redactUrl(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  return copy.toString();
}
