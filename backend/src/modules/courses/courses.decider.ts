import type { Decider } from '../../events/decider';
import { CourseLessonCompleted, type CourseEvent } from './courses.events';
import { LessonNotFoundError, NotEntitledError } from './courses.errors';

export type CourseProgressCommand = {
  type: 'CompleteLesson';
  userId: string;
  resourceId: string;
  courseTitle: string;
  lessonSlug: string;
  /** The course's lessons as built now: a slug outside them is refused. */
  lessons: readonly string[];
  /** Whether the account can open the course at `at` (decided by the course-access port). */
  entitled: boolean;
  at: string;
};

export interface CourseProgressState {
  completed: ReadonlySet<string>;
}

export const courseProgressDecider: Decider<CourseProgressCommand, CourseEvent, CourseProgressState> = {
  events: [CourseLessonCompleted],
  initialState: () => ({ completed: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'CourseLessonCompleted':
        return { completed: new Set([...state.completed, event.data.lessonSlug]) };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CompleteLesson': {
        if (!command.entitled) throw new NotEntitledError(command.courseTitle);
        if (!command.lessons.includes(command.lessonSlug)) throw new LessonNotFoundError();
        if (state.completed.has(command.lessonSlug)) return [];
        return [CourseLessonCompleted({ userId: command.userId, resourceId: command.resourceId, lessonSlug: command.lessonSlug, at: command.at })];
      }
      default: {
        const unreachable: never = command.type;
        throw new Error(`unknown command ${String(unreachable)}`);
      }
    }
  },
};
