import { z } from 'zod';
import { defineServerFn } from '../server-fn';

/** Course ids and lesson slugs are lowercase words joined by hyphens; anything else names no lesson. */
const slug = (what: string, example: string) =>
  z
    .string()
    .min(1, `Give the ${what}.`)
    .max(120, `A ${what} is at most 120 characters.`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `Use a ${what} such as ${example}.`);

export const courseIdSchema = slug('course id', 'from-audio-to-notes');
export const lessonSlugSchema = slug('lesson', '01-recording-well');

const lessonRef = z.object({ slug: z.string(), title: z.string() });
export type LessonRef = z.infer<typeof lessonRef>;

export const courseLessonSchema = z.object({
  slug: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  summary: z.string(),
  done: z.boolean(),
});
export type CourseLesson = z.infer<typeof courseLessonSchema>;

const progress = {
  doneCount: z.number().int(),
  total: z.number().int(),
  /** The first lesson not yet done, in order; null once every lesson is done. */
  continueWith: lessonRef.nullable(),
};

export const getCourse = defineServerFn({
  id: 'getCourse',
  method: 'GET',
  input: z.object({ resourceId: courseIdSchema }).strict(),
  output: z.object({ resourceId: z.string(), title: z.string(), summary: z.string(), lessons: z.array(courseLessonSchema), ...progress }),
  errors: ['courses.course_not_found', 'courses.not_entitled'],
});

export const getLesson = defineServerFn({
  id: 'getLesson',
  method: 'GET',
  input: z.object({ resourceId: courseIdSchema, lessonSlug: lessonSlugSchema }).strict(),
  output: z.object({
    resourceId: z.string(),
    courseTitle: z.string(),
    lesson: z.object({ slug: z.string(), title: z.string(), minutes: z.number().int(), summary: z.string(), html: z.string(), done: z.boolean() }),
    /** 1-based place of the lesson in the course. */
    position: z.number().int(),
    previous: lessonRef.nullable(),
    next: lessonRef.nullable(),
    ...progress,
  }),
  errors: ['courses.course_not_found', 'courses.lesson_not_found', 'courses.not_entitled'],
});

export const completeLesson = defineServerFn({
  id: 'completeLesson',
  method: 'POST',
  input: z.object({ resourceId: courseIdSchema, lessonSlug: lessonSlugSchema }).strict(),
  /** `recorded: false` when the lesson was already done: completing twice records it once. */
  output: z.object({ recorded: z.boolean(), ...progress }),
  errors: ['courses.course_not_found', 'courses.lesson_not_found', 'courses.not_entitled'],
});

export const courseProgressSchema = z.object({ resourceId: z.string(), title: z.string(), ...progress });
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const getCourseProgress = defineServerFn({
  id: 'getCourseProgress',
  method: 'GET',
  input: z.object({}).strict().default({}),
  /** Every course the account can open, in catalog order. */
  output: z.object({ courses: z.array(courseProgressSchema) }),
});

export const coursesServerFns = [getCourse, getLesson, completeLesson, getCourseProgress];
