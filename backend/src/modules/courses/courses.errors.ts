import { AppError } from '../../platform/common/app-error';

/** No course with lessons has this id (or the lessons are not built on this install). */
export class CourseNotFoundError extends AppError {
  constructor() {
    super('courses.course_not_found', 404, 'There is no course with this address.');
  }
}

/** The course exists but has no lesson with this slug. */
export class LessonNotFoundError extends AppError {
  constructor() {
    super('courses.lesson_not_found', 404, 'This course has no lesson with this address.');
  }
}

/** The signed-in account cannot open this course; the message says how to get it. */
export class NotEntitledError extends AppError {
  constructor(readonly title: string) {
    super('courses.not_entitled', 403, `“${title}” is not on your account. Get it on its page in Resources, and its lessons open here.`);
  }
}
