import { deciderSpec } from '../../../../test/support/decider-spec';
import { courseProgressDecider, type CourseProgressCommand } from './courses.decider';
import { CourseLessonCompleted } from './courses.events';
import { LessonNotFoundError, NotEntitledError } from './courses.errors';

const spec = deciderSpec(courseProgressDecider);
const at = '2026-11-24T10:00:00.000Z';
const lessons = ['01-why-structure', '02-folders', '03-templates'];
const complete = (lessonSlug: string, overrides: Partial<CourseProgressCommand> = {}): CourseProgressCommand => ({
  type: 'CompleteLesson',
  userId: 'user_1',
  resourceId: 'from-audio-to-notes',
  courseTitle: 'From Audio to Notes',
  lessonSlug,
  lessons,
  entitled: true,
  at,
  ...overrides,
});
const completed = (lessonSlug: string) => CourseLessonCompleted({ userId: 'user_1', resourceId: 'from-audio-to-notes', lessonSlug, at });

describe('a customer’s progress through a course', () => {
  it('records a lesson completed', () => {
    spec
      .given([])
      .when(complete('02-folders'))
      .then([completed('02-folders')]);
  });

  it('records each lesson once: completing it again changes nothing', () => {
    spec
      .given([completed('02-folders')])
      .when(complete('02-folders'))
      .then([]);
  });

  it('records other lessons beside those already done, in any order', () => {
    spec
      .given([completed('02-folders')])
      .when(complete('01-why-structure'))
      .then([completed('01-why-structure')]);
  });

  it('refuses a lesson the course does not have, with a 404 code', () => {
    spec.given([]).when(complete('../../etc/passwd')).thenThrows(LessonNotFoundError, 'courses.lesson_not_found');
    spec.given([]).when(complete('04-not-written-yet')).thenThrows(LessonNotFoundError, 'courses.lesson_not_found');
  });

  it('refuses an account that cannot open the course, even for a lesson it once completed', () => {
    spec
      .given([])
      .when(complete('01-why-structure', { entitled: false }))
      .thenThrows(NotEntitledError, 'courses.not_entitled');
    spec
      .given([completed('01-why-structure')])
      .when(complete('01-why-structure', { entitled: false }))
      .thenThrows(NotEntitledError, 'courses.not_entitled');
    expect(new NotEntitledError('From Audio to Notes').status).toBe(403);
    expect(new NotEntitledError('From Audio to Notes').message).toContain('Get it on its page');
  });
});
