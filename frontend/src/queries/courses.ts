import { queryOptions } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { getCourse, getCourseProgress, getLesson } from '@contracts/courses/courses.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

/** Retry once, and only a network failure or a 5xx: a refusal (403, 404) answers the same every time. */
function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || isRedirect(error) || isNotFound(error)) return false;
  return error instanceof ServerFnError ? error.status >= 500 : true;
}

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
    retry: retryTransient,
  });

export const lessonQuery = (resourceId: string, lessonSlug: string) =>
  queryOptions({
    queryKey: ['courses', resourceId, 'lesson', lessonSlug],
    queryFn: () => unlessLocked(callServerFn(getLesson, { resourceId, lessonSlug })),
    retry: retryTransient,
  });

/** Every course the account can open, with how far it is through each (dashboard, library). */
export const courseProgressQuery = () =>
  queryOptions({
    queryKey: ['courses', 'progress'],
    queryFn: () => callServerFn(getCourseProgress, {}),
    retry: retryTransient,
    staleTime: 10_000,
  });
