import { prepareDatabase } from '../../backend/src/prepare-database';
import { createTestDatabase } from './test-database';

/**
 * A migrated database of the test's own, for a test that asserts on whole tables (nothing appended,
 * nothing kept): in the run's shared database, files in the other jest worker write meanwhile.
 */
export async function createPreparedTestDatabase(label: string): Promise<string> {
  const url = await createTestDatabase(label);
  await prepareDatabase({ DATABASE_URL: url });
  return url;
}
