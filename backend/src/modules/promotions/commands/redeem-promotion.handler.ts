import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { SerializedStreams } from '../../../events/serialized-streams';
import { promotionDecider } from '../promotions.decider';
import { promotionStreamId } from '../promotions.events';

export class RedeemPromotion extends Command<void> {
  constructor(
    readonly promotionId: string,
    readonly checkoutRef: string,
    readonly userId: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** A paid checkout's promotion counts for good (once, however often Stripe repeats the payment). */
@CommandHandler(RedeemPromotion)
export class RedeemPromotionHandler implements ICommandHandler<RedeemPromotion, void> {
  constructor(private readonly streams: SerializedStreams) {}

  async execute({ promotionId, checkoutRef, userId, metadata }: RedeemPromotion): Promise<void> {
    await runCommand({
      serialize: this.streams,
      streamId: promotionStreamId(promotionId),
      decider: promotionDecider,
      command: { type: 'RedeemPromotion', checkoutRef, userId, at: new Date().toISOString() },
      metadata,
    });
  }
}
