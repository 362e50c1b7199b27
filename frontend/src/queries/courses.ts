import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { completeLesson, getCourse, getCourseProgress, getLesson } from '@contracts/courses/courses.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';
import type { FollowUp } from './follow-up';

/** Every course read (outlines, lessons, progress) starts with this key: completing a lesson changes them all. */
export const coursesKey = ['courses'] as const;

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
    queryKey: [...coursesKey, resourceId, 'outline'],
    queryFn: () => unlessLocked(callServerFn(getCourse, { resourceId })),
  });

export const lessonQuery = (resourceId: string, lessonSlug: string) =>
  queryOptions({
    queryKey: [...coursesKey, resourceId, 'lesson', lessonSlug],
    queryFn: () => unlessLocked(callServerFn(getLesson, { resourceId, lessonSlug })),
  });

/** Every course the account can open, with how far it is through each (dashboard, library). */
export const courseProgressQuery = () =>
  queryOptions({
    queryKey: [...coursesKey, 'progress'],
    queryFn: () => callServerFn(getCourseProgress, {}),
    staleTime: 10_000,
  });

/** Records a lesson as done, refreshes every course read, then the page moves on. */
export const completeLessonMutation = (
  queryClient: QueryClient,
  followUp?: FollowUp<ServerFnOutput<typeof completeLesson>, ServerFnInput<typeof completeLesson>>,
) =>
  mutationOptions({
    mutationKey: [completeLesson.id],
    mutationFn: (input: ServerFnInput<typeof completeLesson>) => callServerFn(completeLesson, input),
    onSuccess: async (answer, input) => {
      await queryClient.invalidateQueries({ queryKey: coursesKey });
      await followUp?.onSuccess?.(answer, input);
    },
  });
