import { Module, type OnModuleInit } from '@nestjs/common';
import { rootLogger } from '../../platform/common/logger';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { CatalogModule } from '../catalog';
import { libraryDist, LibraryModule } from '../library';
import { CompleteLessonHandler } from './commands/complete-lesson.handler';
import { courseEvents } from './courses.events';
import { CoursesQueries } from './courses.queries';
import { CoursesServerFns } from './courses.server-fns';
import { LessonCatalog } from './lesson-catalog';
import { CourseProgressProjector } from './projections/course-progress.projector';
import { courseStreamKinds } from './courses.stream-kinds';

/** Courses: lessons built from Markdown in the repo, served to those who can open them, and each customer's progress as events. */
@Module({
  imports: [CatalogModule, LibraryModule],
  providers: [
    CoursesServerFns,
    CoursesQueries,
    CompleteLessonHandler,
    { provide: LessonCatalog, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LessonCatalog(libraryDist(config), rootLogger(config)) },
  ],
})
export class CoursesModule implements OnModuleInit {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
  ) {}

  onModuleInit(): void {
    this.events.register(...courseEvents);
    this.streamKinds.add(...courseStreamKinds);
    this.projectors.register(new CourseProgressProjector());
  }
}
