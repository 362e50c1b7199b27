import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { replayDecider } from '../admin.decider';
import { replayStreamId } from '../admin.events';

export class FailReplay extends Command<void> {
  constructor(
    readonly replayId: string,
    readonly reason: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Records that a replay stopped, and why (the admin page shows the reason). */
@CommandHandler(FailReplay)
export class FailReplayHandler implements ICommandHandler<FailReplay, void> {
  constructor(private readonly store: EventStore) {}

  async execute({ replayId, reason, metadata }: FailReplay): Promise<void> {
    await runCommand({
      store: this.store,
      streamId: replayStreamId(replayId),
      decider: replayDecider,
      command: { type: 'FailReplay', replayId, reason, now: new Date() },
      metadata,
    });
  }
}
