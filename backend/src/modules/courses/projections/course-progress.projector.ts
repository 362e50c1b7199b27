import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { type CourseEvent, courseEvents } from '../courses.events';
import { courseProgressTables } from './course-progress.entity';

/** Each lesson a customer completed, once: what the course pages and the dashboard count. */
export class CourseProgressProjector implements Projector<Recorded<CourseEvent>> {
  readonly name = 'CourseProgressProjector';
  readonly eventTypes = courseEvents.map((definition) => definition.type);
  readonly tables = ['rm_course_progress'];

  async apply(event: Recorded<CourseEvent>, em: EntityManager): Promise<void> {
    const d = event.data;
    await courseProgressTables(em)
      .insertInto('rm_course_progress')
      .values({ user_id: d.userId, resource_id: d.resourceId, lesson_slug: d.lessonSlug, completed_at: new Date(d.at) })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
