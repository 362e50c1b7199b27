import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { completeLesson, getCourse, getCourseProgress, getLesson } from '../../../../contracts/courses/courses.contract';
import type { Resource } from '../../../../contracts/catalog/resource';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser, signInRedirect, userOrSignIn } from '../auth';
import { redirectTo } from '../../server-fn/server-redirect';
import { CatalogQueries } from '../catalog';
import { CompleteLessonHandler } from './commands/complete-lesson.handler';
import { LibraryQueries } from '../library';
import { lessonRef, progressOf } from './course-outline';
import { CourseNotFoundError, LessonNotFoundError, NotEntitledError } from './courses.errors';
import { CoursesQueries } from './courses.queries';
import { type CourseLessons, LessonCatalog } from './lesson-catalog';

/** The course pages (/learn/…), marking lessons complete, and every course's progress for the dashboard. */
@Injectable()
export class CoursesServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly lessons: LessonCatalog,
    private readonly catalog: CatalogQueries,
    private readonly access: LibraryQueries,
    private readonly queries: CoursesQueries,
    private readonly complete: CompleteLessonHandler,
  ) {}

  @ServerFn(getCourse)
  async getCourse(input: z.output<typeof getCourse.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getCourse>> {
    const user = await userOrSignIn(this.auth, context, `/learn/${input.resourceId}`);
    const { course, resource } = await this.openable(user, input.resourceId);
    const completed = await this.queries.completed(user.userId, course.resourceId);
    return {
      resourceId: course.resourceId,
      title: resource.title,
      summary: resource.metadata.summary ?? resource.description,
      lessons: course.lessons.map((l) => ({ slug: l.slug, title: l.title, minutes: l.minutes, summary: l.summary, done: completed.has(l.slug) })),
      ...progressOf(course.lessons, completed),
    };
  }

  @ServerFn(getLesson)
  async getLesson(input: z.output<typeof getLesson.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getLesson>> {
    const user = await userOrSignIn(this.auth, context, `/learn/${input.resourceId}/${input.lessonSlug}`);
    const { course, resource } = await this.openable(user, input.resourceId);
    const index = course.lessons.findIndex((l) => l.slug === input.lessonSlug);
    const lesson = course.lessons[index];
    if (!lesson) throw new LessonNotFoundError();
    const [completed, html] = await Promise.all([this.queries.completed(user.userId, course.resourceId), this.lessons.html(lesson)]);
    return {
      resourceId: course.resourceId,
      courseTitle: resource.title,
      lesson: { slug: lesson.slug, title: lesson.title, minutes: lesson.minutes, summary: lesson.summary, html, done: completed.has(lesson.slug) },
      position: index + 1,
      previous: lessonRef(course.lessons[index - 1]),
      next: lessonRef(course.lessons[index + 1]),
      ...progressOf(course.lessons, completed),
    };
  }

  @ServerFn(completeLesson)
  async completeLesson(input: z.output<typeof completeLesson.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof completeLesson>> {
    const lessonPath = `/learn/${encodeURIComponent(input.resourceId)}/${encodeURIComponent(input.lessonSlug)}`;
    if (context.plainForm && !(await this.auth.user(context))) throw signInRedirect(lessonPath);
    const user = await this.auth.requireUser(context);
    const { course, resource } = await this.course(input.resourceId);
    const { recorded, completed } = await this.complete.execute(
      {
        type: 'CompleteLesson',
        userId: user.userId,
        resourceId: course.resourceId,
        courseTitle: resource.title,
        lessonSlug: input.lessonSlug,
        lessons: course.lessons.map((l) => l.slug),
        entitled: await this.access.canOpen(user, course.resourceId),
        at: new Date().toISOString(),
      },
      requestMetadata(context.correlationId, { kind: 'user', userId: user.userId }),
    );
    const progress = progressOf(course.lessons, completed);
    // A form posted before JavaScript loaded goes on as the button says: the next lesson, or the course after the last.
    if (context.plainForm) throw redirectTo(this.afterCompleting(course, input.lessonSlug), { statusCode: 303 });
    return { recorded, ...progress };
  }

  private afterCompleting(course: CourseLessons, lessonSlug: string): string {
    const index = course.lessons.findIndex((l) => l.slug === lessonSlug);
    const next = course.lessons[index + 1];
    const coursePath = `/learn/${encodeURIComponent(course.resourceId)}`;
    return next ? `${coursePath}/${encodeURIComponent(next.slug)}` : coursePath;
  }

  @ServerFn(getCourseProgress)
  async getCourseProgress(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getCourseProgress>> {
    const user = await this.auth.requireUser(context);
    const courses = await this.lessons.courses();
    if (courses.length === 0) return { courses: [] };
    const byId = new Map(courses.map((c) => [c.resourceId, c]));
    const resources = await this.catalog.findByIds([...byId.keys()]);
    const open = await Promise.all(resources.map(async (r) => ((await this.access.canOpen(user, r.id)) ? r : null)));
    const completed = await this.queries.completedByCourse(user.userId);
    return {
      courses: open.flatMap((r) => (r ? [{ resourceId: r.id, title: r.title, ...progressOf(byId.get(r.id)!.lessons, completed.get(r.id) ?? new Set()) }] : [])),
    };
  }

  private async course(resourceId: string): Promise<{ course: CourseLessons; resource: Resource }> {
    const course = await this.lessons.course(resourceId);
    const resource = course ? await this.catalog.findByIdOrSlug(resourceId) : undefined;
    if (!course || resource?.id !== resourceId) throw new CourseNotFoundError();
    return { course, resource };
  }

  private async openable(user: SignedInUser, resourceId: string): Promise<{ course: CourseLessons; resource: Resource }> {
    const found = await this.course(resourceId);
    if (!(await this.access.canOpen(user, resourceId))) throw new NotEntitledError(found.resource.title);
    return found;
  }
}
