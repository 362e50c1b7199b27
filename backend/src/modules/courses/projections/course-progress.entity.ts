import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** A lesson a customer completed, once, with when they first did. */
export const CourseProgress = defineEntity({
  name: 'CourseProgress',
  tableName: 'rm_course_progress',
  properties: {
    userId: p.text().primary(),
    resourceId: p.text().primary(),
    lessonSlug: p.text().primary(),
    completedAt: p.datetime(),
  },
});

export type CourseProgressTables = ReadModelTables<typeof CourseProgress>;

/** Kysely over rm_course_progress, in `em`'s transaction if it is in one. */
export const courseProgressTables = (em: EntityManager) => em.getKysely<CourseProgressTables, typeof readModelKysely>(readModelKysely);
