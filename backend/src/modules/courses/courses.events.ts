import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

/** One stream per customer and course: its lessons' completions, in the order they happened. */
export const courseProgressStreamId = (userId: string, resourceId: string) => `course-progress-${resourceId}-${userId}`;

/** Recorded when a customer marks a lesson of a course they can open as complete (once per lesson). */
export const CourseLessonCompleted = defineEvent({
  type: 'CourseLessonCompleted',
  schemaVersion: 1,
  schema: z.object({ userId: z.string().min(1), resourceId: z.string().min(1), lessonSlug: z.string().min(1), at: z.iso.datetime() }),
});

export const courseEvents = [CourseLessonCompleted];
export type CourseEvent = ReturnType<(typeof courseEvents)[number]>;
