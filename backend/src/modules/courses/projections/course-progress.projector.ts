import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { CourseLessonCompleted } from '../courses.events';

/** Each lesson a customer completed, once: what the course pages and the dashboard count. */
export class CourseProgressProjector implements Projector {
  readonly name = 'CourseProgressProjector';
  readonly eventTypes = ['CourseLessonCompleted'];
  readonly tables = ['rm_course_progress'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'CourseLessonCompleted': {
        const d = event.data as EventData<typeof CourseLessonCompleted>;
        await em.execute('insert into rm_course_progress (user_id, resource_id, lesson_slug, completed_at) values (?, ?, ?, ?) on conflict do nothing', [d.userId, d.resourceId, d.lessonSlug, d.at]);
        return;
      }
    }
  }
}
