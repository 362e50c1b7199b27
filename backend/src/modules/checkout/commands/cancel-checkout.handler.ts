import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { awaitProjection } from '../../../events/projection-wait';
import { checkoutDecider } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import { AccountReads } from '../checkout.queries';

/** The buyer's open checkouts of one resource, or one checkout another module opened for them (a held time's). */
export type CancelledCheckouts = { resourceId: string } | { checkoutRef: string };

export class CancelCheckout extends Command<{ cancelled: number }> {
  constructor(
    readonly userId: string,
    readonly which: CancelledCheckouts,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/**
 * A buyer who comes back through Stripe's "back" link has cancelled: their open checkouts are
 * closed as cancelled before the answer (so the dashboard never offers to "complete" them); the
 * event has their Stripe checkouts closed by a job, so an old tab cannot pay for them.
 */
@CommandHandler(CancelCheckout)
export class CancelCheckoutHandler implements ICommandHandler<CancelCheckout, { cancelled: number }> {
  constructor(
    private readonly reads: AccountReads,
    private readonly store: EventStore,
    private readonly orm: MikroORM,
  ) {}

  async execute({ userId, which, metadata }: CancelCheckout): Promise<{ cancelled: number }> {
    const checkoutRefs =
      'checkoutRef' in which
        ? [which.checkoutRef]
        : (await this.reads.openCheckouts(userId, which.resourceId)).map((pending) => pending.id.replace(/^pp-/, ''));
    let cancelled = 0;
    for (const checkoutRef of checkoutRefs) {
      const outcome = await runCommand({
        store: this.store,
        streamId: checkoutStreamId(checkoutRef),
        decider: checkoutDecider,
        command: { type: 'CancelCheckout', checkoutRef, userId, at: new Date().toISOString() },
        metadata,
      });
      await awaitProjection(this.orm, 'PurchasesProjector', outcome);
      if (outcome.status === 'appended') cancelled += 1;
    }
    return { cancelled };
  }
}
