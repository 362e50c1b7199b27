import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { checkoutDecider } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';

export class AbandonCheckout extends Command<void> {
  constructor(
    readonly checkoutRef: string,
    readonly userId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** The buyer gave up on a pending payment from their dashboard: it is closed as abandoned before the answer, so the next read shows it gone. */
@CommandHandler(AbandonCheckout)
export class AbandonCheckoutHandler implements ICommandHandler<AbandonCheckout, void> {
  constructor(
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  async execute({ checkoutRef, userId, metadata }: AbandonCheckout): Promise<void> {
    const outcome = await runCommand({
      store: this.store,
      streamId: checkoutStreamId(checkoutRef),
      decider: checkoutDecider,
      command: { type: 'AbandonCheckout', checkoutRef, userId, at: new Date().toISOString() },
      metadata,
    });
    await awaitProjection(this.orm, 'PurchasesProjector', outcome);
  }
}
