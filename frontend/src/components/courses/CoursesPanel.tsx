import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { courseProgressQuery } from '../../queries/courses';
import { CourseProgressLink } from './CourseProgressLink';
import { lessonsWord } from './course-words';
import { ProgressBar } from './ProgressBar';

/**
 * Every course the account can open, with its progress and the way back in; nothing when there are
 * none. The page's loader fetches `courseProgressQuery()` first.
 */
export function CoursesPanel() {
  const { data, isError } = useSuspenseQuery(courseProgressQuery());
  if (isError) {
    return (
      <p role="alert" className="rounded-2xl border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
        Your course progress could not be loaded. Reload the page to try again.
      </p>
    );
  }
  if (data.courses.length === 0) return null;
  return (
    <section aria-labelledby="courses-panel-title" className="rounded-2xl border border-line bg-surface-raised p-5 sm:p-6" data-testid="courses-panel">
      <h2 id="courses-panel-title" className="text-lg font-semibold text-ink">
        Your courses
      </h2>
      <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
        {data.courses.map((course) => (
          <li key={course.resourceId} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
            <div className="min-w-0 flex-1">
              <Link to="/learn/$resourceId" params={{ resourceId: course.resourceId }} className="font-medium text-ink hover:text-accent-200 hover:underline">
                {course.title}
              </Link>
              <p className="mt-1 flex items-center gap-1.5 text-xs text-ink-subtle">
                {course.continueWith ? null : <CheckCircle2 aria-hidden="true" className="size-3.5 text-success" />}
                {course.doneCount} of {lessonsWord(course.total)} done
              </p>
              <ProgressBar done={course.doneCount} total={course.total} label={`Progress in ${course.title}`} className="mt-2 max-w-sm" />
            </div>
            <CourseProgressLink resourceId={course.resourceId} className="shrink-0" />
          </li>
        ))}
      </ul>
    </section>
  );
}
