import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Clock } from 'lucide-react';
import { completeLesson, type CourseLesson, type getLesson } from '@contracts/courses/courses.contract';
import type { ServerFnOutput } from '@contracts/server-fn';
import { ProgressBar } from '../../../components/courses/ProgressBar';
import { FormAlert } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { pageHead } from '../../../lib/seo';
import { completeLessonMutation, courseQuery, isLocked, lessonQuery } from '../../../queries/courses';
import { allReads, orNotFound } from '../-components/course-loader';
import { CourseLockedScreen } from '../-components/CourseLockedScreen';
import { lessonHtml } from '../-components/lesson-html';

type LessonData = ServerFnOutput<typeof getLesson>;

export const Route = createFileRoute('/learn/$resourceId/$lessonSlug')({
  loader: async ({ context, params }) => {
    const [lesson] = await orNotFound(
      allReads([
        context.queryClient.fetchQuery(lessonQuery(params.resourceId, params.lessonSlug)),
        context.queryClient.fetchQuery(courseQuery(params.resourceId)),
      ]),
    );
    return isLocked(lesson)
      ? { title: null, courseTitle: null, summary: null }
      : { title: lesson.lesson.title, courseTitle: lesson.courseTitle, summary: lesson.lesson.summary };
  },
  head: (ctx) =>
    pageHead(ctx, {
      title: ctx.loaderData?.title ? `${ctx.loaderData.title} · ${ctx.loaderData.courseTitle}` : 'Lesson',
      description: ctx.loaderData?.summary || 'A lesson in your SystemSculpt library.',
      path: `/learn/${ctx.params.resourceId}/${ctx.params.lessonSlug}`,
      noindex: true,
    }),
  component: LessonPage,
});

function LessonPage() {
  const { resourceId, lessonSlug } = Route.useParams();
  const { data } = useSuspenseQuery(lessonQuery(resourceId, lessonSlug));
  const { data: course } = useSuspenseQuery(courseQuery(resourceId));
  if (isLocked(data)) return <CourseLockedScreen resourceId={resourceId} message={data.locked} />;
  if (isLocked(course)) return <CourseLockedScreen resourceId={resourceId} message={course.locked} />;
  return <Lesson resourceId={resourceId} lessonSlug={lessonSlug} data={data} lessons={course.lessons} />;
}

function Lesson({ resourceId, lessonSlug, data, lessons }: { resourceId: string; lessonSlug: string; data: LessonData; lessons: CourseLesson[] }) {
  const { lesson, previous, next } = data;
  // Moving to another lesson in the page (Mark complete and continue, previous/next) puts focus on
  // its title, so keyboard and screen-reader users start reading there; a first load leaves focus alone.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(lessonSlug);
  useEffect(() => {
    if (shown.current === lessonSlug) return;
    shown.current = lessonSlug;
    heading.current?.focus();
  }, [lessonSlug]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-8 pb-20 sm:px-6 lg:px-8">
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <aside aria-label="Course lessons" className="hidden lg:sticky lg:top-24 lg:block lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <Link to="/learn/$resourceId" params={{ resourceId }} className="font-semibold text-ink hover:text-accent-200">
            {data.courseTitle}
          </Link>
          <p className="mt-1 text-xs text-ink-subtle">
            {data.doneCount} of {data.total} lessons done
          </p>
          <ProgressBar done={data.doneCount} total={data.total} label={`Progress in ${data.courseTitle}`} className="mt-2" />
          <ol className="mt-5 space-y-1 text-sm">
            {lessons.map((item, index) => (
              <li key={item.slug}>
                <Link
                  to="/learn/$resourceId/$lessonSlug"
                  params={{ resourceId, lessonSlug: item.slug }}
                  aria-current={item.slug === lesson.slug ? 'page' : undefined}
                  className={cx(
                    'flex gap-2 rounded-lg px-2 py-1.5',
                    item.slug === lesson.slug ? 'bg-accent-500/10 text-ink' : 'text-ink-muted hover:bg-white/5 hover:text-ink',
                  )}
                >
                  {item.done ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-subtle" />
                  )}
                  <span>
                    {index + 1}. {item.title}
                    {item.done ? <span className="sr-only"> (done)</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </aside>

        <article className="min-w-0">
          <Link to="/learn/$resourceId" params={{ resourceId }} className="inline-flex items-center gap-1.5 text-sm text-ink-subtle hover:text-ink lg:hidden">
            <ArrowLeft aria-hidden="true" className="size-4" /> {data.courseTitle}
          </Link>
          <header className="mt-4 border-b border-line pb-6 lg:mt-0">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-subtle" data-testid="lesson-position">
              <span>
                Lesson {data.position} of {data.total}
              </span>
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-3.5" /> {lesson.minutes} min
              </span>
              {lesson.done ? (
                <span className="inline-flex items-center gap-1 text-success" data-testid="lesson-done">
                  <CheckCircle2 aria-hidden="true" className="size-3.5" /> Completed
                </span>
              ) : null}
            </p>
            <h1 ref={heading} tabIndex={-1} className="mt-2 text-3xl font-semibold tracking-tight text-ink outline-none sm:text-4xl">
              {lesson.title}
            </h1>
            {lesson.summary ? <p className="mt-3 text-lg text-ink-muted">{lesson.summary}</p> : null}
            <div className="mt-5 lg:hidden">
              <p className="text-xs text-ink-subtle">
                {data.doneCount} of {data.total} lessons done
              </p>
              <ProgressBar done={data.doneCount} total={data.total} label={`Progress in ${data.courseTitle}`} className="mt-2" />
            </div>
          </header>
          <div className="prose prose-site mt-8 max-w-none" dangerouslySetInnerHTML={{ __html: lessonHtml(lesson.html) }} />
          <CompleteLesson resourceId={resourceId} lessonSlug={lesson.slug} done={lesson.done} next={next} />
          <nav aria-label="Previous and next lessons" className="mt-10 grid gap-4 border-t border-line pt-8 sm:grid-cols-2">
            {previous ? (
              <Link
                to="/learn/$resourceId/$lessonSlug"
                params={{ resourceId, lessonSlug: previous.slug }}
                className="group rounded-xl border border-line p-4 transition-colors hover:border-accent-400/60"
              >
                <span className="flex items-center gap-1.5 text-xs text-ink-subtle">
                  <ArrowLeft aria-hidden="true" className="size-3.5" /> Previous lesson
                </span>
                <span className="mt-1 block font-medium text-ink group-hover:text-accent-200">{previous.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {next ? (
              <Link
                to="/learn/$resourceId/$lessonSlug"
                params={{ resourceId, lessonSlug: next.slug }}
                className="group rounded-xl border border-line p-4 text-right transition-colors hover:border-accent-400/60"
              >
                <span className="flex items-center justify-end gap-1.5 text-xs text-ink-subtle">
                  Next lesson <ArrowRight aria-hidden="true" className="size-3.5" />
                </span>
                <span className="mt-1 block font-medium text-ink group-hover:text-accent-200">{next.title}</span>
              </Link>
            ) : (
              <Link
                to="/learn/$resourceId"
                params={{ resourceId }}
                className="group rounded-xl border border-line p-4 text-right transition-colors hover:border-accent-400/60"
              >
                <span className="flex items-center justify-end gap-1.5 text-xs text-ink-subtle">
                  Back to <ArrowRight aria-hidden="true" className="size-3.5" />
                </span>
                <span className="mt-1 block font-medium text-ink group-hover:text-accent-200">Course overview</span>
              </Link>
            )}
          </nav>
        </article>
      </div>
    </div>
  );
}

/** "Mark complete and continue": records the lesson, then moves on (or back to the course after the last). */
function CompleteLesson({
  resourceId,
  lessonSlug,
  done,
  next,
}: {
  resourceId: string;
  lessonSlug: string;
  done: boolean;
  next: { slug: string; title: string } | null;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const complete = useMutation(
    completeLessonMutation(queryClient, {
      onSuccess: () =>
        next
          ? navigate({ to: '/learn/$resourceId/$lessonSlug', params: { resourceId, lessonSlug: next.slug } })
          : navigate({ to: '/learn/$resourceId', params: { resourceId } }),
    }),
  );
  if (done) {
    return (
      <div className="mt-12 flex flex-col gap-3 rounded-2xl border border-success/30 bg-success/10 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 font-medium text-ink">
          <CheckCircle2 aria-hidden="true" className="size-5 text-success" /> You completed this lesson.
        </p>
        {next ? (
          <Link
            to="/learn/$resourceId/$lessonSlug"
            params={{ resourceId, lessonSlug: next.slug }}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-300 hover:underline"
          >
            Go to the next lesson <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mt-12 rounded-2xl border border-line bg-surface-raised p-5">
      <form
        method="post"
        action={`/_serverFn/${completeLesson.id}`}
        onSubmit={(event) => {
          event.preventDefault();
          complete.mutate({ resourceId, lessonSlug });
        }}
        className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <input type="hidden" name="resourceId" value={resourceId} />
        <input type="hidden" name="lessonSlug" value={lessonSlug} />
        <p className="text-sm text-ink-muted">{next ? `Done reading? Next up: ${next.title}.` : 'This is the last lesson of the course.'}</p>
        <Button type="submit" size="lg" disabled={complete.isPending} aria-busy={complete.isPending || undefined} className="shrink-0">
          <CheckCircle2 aria-hidden="true" />
          {complete.isPending ? 'Saving…' : next ? 'Mark complete and continue' : 'Mark complete and finish'}
        </Button>
      </form>
      {complete.isError ? (
        <div className="mt-3">
          <FormAlert>{complete.error instanceof Error ? complete.error.message : 'The lesson could not be marked complete.'} Try again.</FormAlert>
        </div>
      ) : null}
    </div>
  );
}
