import { prepareDatabase } from '../../backend/src/prepare-database';
import { createTestDatabase, uniqueQueuePrefix } from './test-database';

/** One database and one queue prefix for the whole integration run, migrated once. */
export default async function integrationSetup(): Promise<void> {
  const databaseUrl = await createTestDatabase('int');
  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.TEST_QUEUE_PREFIX = uniqueQueuePrefix('int');
  await prepareDatabase({ DATABASE_URL: databaseUrl });
}
