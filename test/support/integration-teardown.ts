import { dropTestDatabase } from './test-database';

export default async function integrationTeardown(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await dropTestDatabase(process.env.TEST_DATABASE_URL);
}
