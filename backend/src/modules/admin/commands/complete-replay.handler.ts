import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { replayDecider } from '../admin.decider';
import { replayStreamId } from '../admin.events';

export class CompleteReplay extends Command<void> {
  constructor(
    readonly replayId: string,
    readonly eventsApplied: number,
    readonly durationMs: number,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Records that the worker rebuilt the read model, with how many events and how long it took. */
@CommandHandler(CompleteReplay)
export class CompleteReplayHandler implements ICommandHandler<CompleteReplay, void> {
  constructor(private readonly store: EventStore) {}

  async execute({ replayId, eventsApplied, durationMs, metadata }: CompleteReplay): Promise<void> {
    await runCommand({
      store: this.store,
      streamId: replayStreamId(replayId),
      decider: replayDecider,
      command: { type: 'CompleteReplay', replayId, eventsApplied, durationMs, now: new Date() },
      metadata,
    });
  }
}
