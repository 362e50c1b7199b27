import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { SerializedStreams } from '../../../events/serialized-streams';
import { promotionDecider } from '../promotions.decider';
import { promotionStreamId } from '../promotions.events';

export class ReleasePromotion extends Command<void> {
  constructor(
    readonly promotionId: string,
    readonly checkoutRef: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** A checkout that closed unpaid (or whose Stripe session never opened) gives its hold back. */
@CommandHandler(ReleasePromotion)
export class ReleasePromotionHandler implements ICommandHandler<ReleasePromotion, void> {
  constructor(private readonly streams: SerializedStreams) {}

  async execute({ promotionId, checkoutRef, metadata }: ReleasePromotion): Promise<void> {
    await runCommand({
      serialize: this.streams,
      streamId: promotionStreamId(promotionId),
      decider: promotionDecider,
      command: { type: 'ReleasePromotion', checkoutRef, at: new Date().toISOString() },
      metadata,
    });
  }
}
