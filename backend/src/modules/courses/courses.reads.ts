import type { EntityManager } from '@mikro-orm/postgresql';
import { courseProgressTables } from './projections/course-progress.entity';

/** The courses an account has progress in, by resource id. */
export async function readCourseIdsInProgress(em: EntityManager, userId: string): Promise<string[]> {
  return (await courseProgressTables(em).selectFrom('rm_course_progress').select('resource_id').where('user_id', '=', userId).execute()).map(
    (r) => r.resource_id,
  );
}
