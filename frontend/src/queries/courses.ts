import { queryOptions } from '@tanstack/react-query';
import { getCourse, getCourseProgress, getLesson } from '@contracts/courses/courses.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

/** What a course page shows instead of its content to an account that does not hold the course. */
export interface LockedCourse {
  locked: string;
}

export const isLocked = (value: object): value is LockedCourse => 'locked' in value;

/**
 * A course the account does not hold is an answer, not a failure: the page says how to get it.
 * (A rejected query would also be streamed to the browser as an error by server rendering.)
 */
async function unlessLocked<T>(call: Promise<T>): Promise<T | LockedCourse> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ServerFnError && error.code === 'courses.not_entitled') return { locked: error.message };
    throw error;
  }
}

export const courseQuery = (resourceId: string) =>
  queryOptions({
    queryKey: ['courses', resourceId, 'outline'],
    queryFn: () => unlessLocked(callServerFn(getCourse, { resourceId })),
  });

export const lessonQuery = (resourceId: string, lessonSlug: string) =>
  queryOptions({
    queryKey: ['courses', resourceId, 'lesson', lessonSlug],
    queryFn: () => unlessLocked(callServerFn(getLesson, { resourceId, lessonSlug })),
  });

/** Every course the account can open, with how far it is through each (dashboard, library). */
export const courseProgressQuery = () =>
  queryOptions({
    queryKey: ['courses', 'progress'],
    queryFn: () => callServerFn(getCourseProgress, {}),
    staleTime: 10_000,
  });
