import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { courseProgressTables } from './projections/course-progress.entity';

/** What rm_course_progress says a customer has done. */
@Injectable()
export class CoursesQueries {
  constructor(private readonly orm: MikroORM) {}

  async completed(userId: string, resourceId: string): Promise<Set<string>> {
    const rows = await courseProgressTables(this.orm.em)
      .selectFrom('rm_course_progress')
      .select('lesson_slug')
      .where('user_id', '=', userId)
      .where('resource_id', '=', resourceId)
      .execute();
    return new Set(rows.map((r) => r.lesson_slug));
  }

  /** Completed lessons per course, for every course the user has started. */
  async completedByCourse(userId: string): Promise<Map<string, Set<string>>> {
    const rows = await courseProgressTables(this.orm.em)
      .selectFrom('rm_course_progress')
      .select(['resource_id', 'lesson_slug'])
      .where('user_id', '=', userId)
      .execute();
    const byCourse = new Map<string, Set<string>>();
    for (const row of rows) byCourse.set(row.resource_id, (byCourse.get(row.resource_id) ?? new Set()).add(row.lesson_slug));
    return byCourse;
  }
}
