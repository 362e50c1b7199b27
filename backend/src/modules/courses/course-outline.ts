import type { LessonRef } from '../../../../contracts/courses/courses.contract';
import type { LessonEntry } from './lesson-catalog';

/** How far a customer is through a course: only lessons the course has now count. */
export function progressOf(
  lessons: readonly LessonEntry[],
  completed: ReadonlySet<string>,
): { doneCount: number; total: number; continueWith: LessonRef | null } {
  const next = lessons.find((l) => !completed.has(l.slug));
  return {
    doneCount: lessons.filter((l) => completed.has(l.slug)).length,
    total: lessons.length,
    continueWith: next ? { slug: next.slug, title: next.title } : null,
  };
}

export const lessonRef = (lesson: LessonEntry | undefined): LessonRef | null => (lesson ? { slug: lesson.slug, title: lesson.title } : null);
