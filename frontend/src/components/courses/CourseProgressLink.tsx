import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { courseProgressQuery } from '../../queries/courses';
import { cx } from '../ui/cx';
import { progressLabel } from './course-words';

/**
 * "Continue course · 3 of 8 lessons" (or "Start course"), linking to the lesson to take next, for a
 * course the account can open; nothing for a resource without lessons. The page's loader fetches
 * `courseProgressQuery()` first.
 */
export function CourseProgressLink({ resourceId, className }: { resourceId: string; className?: string }) {
  const { data } = useSuspenseQuery(courseProgressQuery());
  const course = data.courses.find((c) => c.resourceId === resourceId);
  if (!course) return null;
  const label = progressLabel(course);
  const linkClass = cx('inline-flex items-center gap-1.5 text-sm font-medium text-accent-300 hover:underline', className);
  return course.continueWith ? (
    <Link
      to="/learn/$resourceId/$lessonSlug"
      params={{ resourceId, lessonSlug: course.continueWith.slug }}
      className={linkClass}
      aria-label={`${label}: ${course.title}`}
    >
      {label}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  ) : (
    <Link to="/learn/$resourceId" params={{ resourceId }} className={linkClass} aria-label={`${label}: ${course.title}`}>
      {label}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
