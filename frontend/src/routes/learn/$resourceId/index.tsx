import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Clock } from 'lucide-react';
import { lessonsWord } from '../../../components/courses/course-words';
import { ProgressBar } from '../../../components/courses/ProgressBar';
import { CallToAction } from '../../../components/ui/CallToAction';
import { cx } from '../../../components/ui/cx';
import { pageHead } from '../../../lib/seo';
import { courseQuery, isLocked } from '../../../queries/courses';
import { orNotFound } from '../-components/course-loader';
import { CourseLockedScreen } from '../-components/CourseLockedScreen';

export const Route = createFileRoute('/learn/$resourceId/')({
  loader: async ({ context, params }) => {
    // Fetched on every visit (not from the cache): progress, or a course just bought, shows at once.
    const course = await orNotFound(context.queryClient.fetchQuery(courseQuery(params.resourceId)));
    return isLocked(course) ? { title: null, summary: null } : { title: course.title, summary: course.summary };
  },
  head: (ctx) =>
    pageHead(ctx, {
      title: ctx.loaderData?.title ?? 'Course',
      description: ctx.loaderData?.summary ?? 'A course in your SystemSculpt library.',
      path: `/learn/${ctx.params.resourceId}`,
      noindex: true,
    }),
  component: CourseHome,
});

function CourseHome() {
  const { resourceId } = Route.useParams();
  const { data: course } = useSuspenseQuery(courseQuery(resourceId));
  if (isLocked(course)) return <CourseLockedScreen resourceId={resourceId} message={course.locked} />;
  const minutes = course.lessons.reduce((sum, l) => sum + l.minutes, 0);
  const finished = course.continueWith === null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <Link to="/library" className="inline-flex items-center gap-1.5 text-sm text-ink-subtle hover:text-ink">
        <ArrowLeft aria-hidden="true" className="size-4" /> Your library
      </Link>
      <header className="mt-6">
        <p className="text-sm font-medium text-accent-300">Course</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{course.title}</h1>
        <p className="mt-3 text-lg text-ink-muted">{course.summary}</p>
        <p className="mt-3 flex items-center gap-1.5 text-sm text-ink-subtle">
          <Clock aria-hidden="true" className="size-4" /> {lessonsWord(course.total)} · about {minutes} minutes
        </p>
      </header>

      <section aria-labelledby="progress-title" className="mt-8 rounded-2xl border border-line bg-surface-raised p-5 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 flex-1">
            <h2 id="progress-title" className="font-medium text-ink" data-testid="course-progress">
              {finished ? `All ${lessonsWord(course.total)} done` : `${course.doneCount} of ${lessonsWord(course.total)} done`}
            </h2>
            <ProgressBar done={course.doneCount} total={course.total} className="mt-3" />
          </div>
          {course.continueWith ? (
            <CallToAction to={`/learn/${resourceId}/${course.continueWith.slug}`} size="lg" className="shrink-0">
              {course.doneCount === 0 ? 'Start course' : 'Continue'}
              <ArrowRight aria-hidden="true" />
            </CallToAction>
          ) : (
            <CallToAction to={`/learn/${resourceId}/${course.lessons[0]!.slug}`} variant="secondary" size="lg" className="shrink-0">
              Review from the start
            </CallToAction>
          )}
        </div>
        {course.continueWith && course.doneCount > 0 ? <p className="mt-3 text-sm text-ink-subtle">Next up: {course.continueWith.title}</p> : null}
      </section>

      <section aria-labelledby="lessons-title" className="mt-10">
        <h2 id="lessons-title" className="text-xl font-semibold text-ink">
          Lessons
        </h2>
        <ol className="mt-4 divide-y divide-line rounded-2xl border border-line" data-testid="course-lessons">
          {course.lessons.map((lesson, index) => (
            <li key={lesson.slug}>
              <Link
                to="/learn/$resourceId/$lessonSlug"
                params={{ resourceId, lessonSlug: lesson.slug }}
                className="group flex gap-4 px-4 py-4 transition-colors hover:bg-white/[0.03] sm:px-5"
              >
                <span className={cx('mt-0.5 shrink-0', lesson.done ? 'text-success' : 'text-ink-subtle')}>
                  {lesson.done ? <CheckCircle2 aria-hidden="true" className="size-5" /> : <Circle aria-hidden="true" className="size-5" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-ink group-hover:text-accent-200">
                    <span className="text-ink-subtle">{index + 1}.</span> {lesson.title}
                    {lesson.done ? <span className="sr-only"> (done)</span> : null}
                  </span>
                  {lesson.summary ? <span className="mt-1 block text-sm text-ink-muted">{lesson.summary}</span> : null}
                </span>
                <span className="shrink-0 text-xs text-ink-subtle">{lesson.minutes} min</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
