import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server's maintenance database: a database other than any test's. */
export const adminDatabaseUrl = (): string => ADMIN_URL;

/** A brand-new database for one test run; the name says which run made it. */
export async function createTestDatabase(label: string): Promise<string> {
  const name = `sculpt_test_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name.startsWith('sculpt_test_')) throw new Error(`Refusing to drop ${name}: not a test database`);
  await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** Whether the server holds a database of this name (for start-ups that must not have made one). */
export async function databaseExists(name: string): Promise<boolean> {
  const { rowCount } = await withAdmin((client) => client.query('select 1 from pg_database where datname = $1', [name]));
  return rowCount === 1;
}

async function withAdmin<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export function uniqueQueuePrefix(label: string): string {
  return `test_${label}_${randomBytes(4).toString('hex')}`;
}
