import type { CourseProgress } from '@contracts/courses/courses.contract';

export const lessonsWord = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;

/** "Start course", "Continue course · 3 of 8 lessons" or "Review course · all 8 lessons done". */
export function progressLabel(course: Pick<CourseProgress, 'doneCount' | 'total' | 'continueWith'>): string {
  if (!course.continueWith) return `Review course · all ${lessonsWord(course.total)} done`;
  if (course.doneCount === 0) return `Start course · ${lessonsWord(course.total)}`;
  return `Continue course · ${course.doneCount} of ${lessonsWord(course.total)}`;
}
