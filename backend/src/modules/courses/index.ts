export { CoursesModule } from './courses.module';
export { CourseLessonCompleted, courseEvents, courseProgressStreamId, type CourseEvent } from './courses.events';
