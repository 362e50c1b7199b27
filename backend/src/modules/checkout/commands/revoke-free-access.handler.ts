import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { freeAccessDecider, freeAccessStreamId } from '../free-access.decider';

export class RevokeFreeAccess extends Command<{ revoked: boolean }> {
  constructor(
    readonly userId: string,
    readonly resourceId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Withdraws a free or support-granted resource (an admin's action), then waits for the read model. */
@CommandHandler(RevokeFreeAccess)
export class RevokeFreeAccessHandler implements ICommandHandler<RevokeFreeAccess, { revoked: boolean }> {
  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  async execute(command: RevokeFreeAccess): Promise<{ revoked: boolean }> {
    const outcome = await runCommand({
      store: this.store,
      streamId: freeAccessStreamId(command.userId, command.resourceId),
      decider: freeAccessDecider,
      command: { type: 'RevokeFreeAccess', userId: command.userId, resourceId: command.resourceId, at: new Date().toISOString() },
      metadata: command.metadata,
    });
    await awaitProjection(this.orm, 'PurchasesProjector', outcome);
    return { revoked: outcome.status === 'appended' };
  }
}
