/** The courses module's public surface: other modules, the app and the CLI import only this. */
export { type CourseEvent, courseEvents, CourseLessonCompleted, courseProgressStreamId } from './courses.events';
export { courseStreamKinds } from './courses.stream-kinds';
export { CoursesModule } from './courses.module';
export { courseAccountLinks } from './courses.reads';
