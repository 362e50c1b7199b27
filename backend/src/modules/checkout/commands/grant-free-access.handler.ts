import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { freeAccessDecider, freeAccessStreamId } from '../free-access.decider';

export class GrantFreeAccess extends Command<{ granted: boolean }> {
  constructor(
    readonly userId: string,
    readonly resourceId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Puts a free resource on the account (once), then waits for the read model so the library shows it. */
@CommandHandler(GrantFreeAccess)
export class GrantFreeAccessHandler implements ICommandHandler<GrantFreeAccess, { granted: boolean }> {
  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  async execute(command: GrantFreeAccess): Promise<{ granted: boolean }> {
    const outcome = await runCommand({
      store: this.store,
      streamId: freeAccessStreamId(command.userId, command.resourceId),
      decider: freeAccessDecider,
      command: { type: 'GrantFreeAccess', userId: command.userId, resourceId: command.resourceId, at: new Date().toISOString() },
      metadata: command.metadata,
    });
    await awaitProjection(this.orm, 'PurchasesProjector', outcome);
    return { granted: outcome.status === 'appended' };
  }
}
