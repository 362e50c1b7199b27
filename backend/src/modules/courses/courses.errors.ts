import { ModuleError } from '../../platform/common/module-error';

/** No course with lessons has this id (or the lessons are not built on this install). */
export class CourseNotFoundError extends ModuleError {
  static readonly code = 'courses.course_not_found';
  static readonly status = 404;
  constructor() {
    super('There is no course with this address.');
  }
}

/** The course exists but has no lesson with this slug. */
export class LessonNotFoundError extends ModuleError {
  static readonly code = 'courses.lesson_not_found';
  static readonly status = 404;
  constructor() {
    super('This course has no lesson with this address.');
  }
}

/** The signed-in account cannot open this course; the message says how to get it. */
export class NotEntitledError extends ModuleError {
  static readonly code = 'courses.not_entitled';
  static readonly status = 403;
  constructor(readonly title: string) {
    super(`“${title}” is not on your account. Get it on its page in Resources, and its lessons open here.`);
  }
}
