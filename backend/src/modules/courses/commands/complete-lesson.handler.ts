import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { courseProgressDecider, type CourseProgressCommand } from '../courses.decider';
import { courseProgressStreamId } from '../courses.events';

/**
 * Load the customer's progress in the course → decide → append; then wait (bounded) for the read
 * model, so the next page agrees. The lessons done are answered from the stream itself, right
 * even when the read model is still behind.
 */
@Injectable()
export class CompleteLessonHandler {
  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  async execute(command: CourseProgressCommand, metadata: EventMetadata): Promise<{ recorded: boolean; completed: ReadonlySet<string> }> {
    const outcome = await runCommand({
      store: this.store,
      streamId: courseProgressStreamId(command.userId, command.resourceId),
      decider: courseProgressDecider,
      command,
      metadata,
    });
    await awaitProjection(this.orm, 'CourseProgressProjector', outcome);
    return { recorded: outcome.status === 'appended', completed: outcome.state.completed };
  }
}
