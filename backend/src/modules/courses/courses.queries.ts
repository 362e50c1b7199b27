import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';

/** What rm_course_progress says a customer has done. */
@Injectable()
export class CoursesQueries {
  constructor(private readonly orm: MikroORM) {}

  async completed(userId: string, resourceId: string): Promise<Set<string>> {
    const rows = await this.orm.em.getConnection().execute<{ lesson_slug: string }[]>('select lesson_slug from rm_course_progress where user_id = ? and resource_id = ?', [userId, resourceId]);
    return new Set(rows.map((r) => r.lesson_slug));
  }

  /** Completed lessons per course, for every course the user has started. */
  async completedByCourse(userId: string): Promise<Map<string, Set<string>>> {
    const rows = await this.orm.em.getConnection().execute<{ resource_id: string; lesson_slug: string }[]>('select resource_id, lesson_slug from rm_course_progress where user_id = ?', [userId]);
    const byCourse = new Map<string, Set<string>>();
    for (const row of rows) byCourse.set(row.resource_id, (byCourse.get(row.resource_id) ?? new Set()).add(row.lesson_slug));
    return byCourse;
  }
}
