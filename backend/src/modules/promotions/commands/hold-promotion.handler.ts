import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PROMOTION_REFUSALS } from '../../../../../contracts/promotions/promotion-terms';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { SerializedStreams } from '../../../events/serialized-streams';
import { type PromotionRequest, promotionDecider } from '../promotions.decider';
import { PromotionRefusedError } from '../promotions.errors';
import { promotionStreamId } from '../promotions.events';

export class HoldPromotion extends Command<{ message: string } | null> {
  constructor(
    readonly promotionId: string,
    readonly request: PromotionRequest,
    readonly discountCents: number,
    readonly holdUntil: string,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/**
 * A checkout takes one of the promotion's redemptions before its Stripe session opens. Holds on one
 * promotion run one at a time across processes, so concurrent checkouts never take more than the
 * limit; one that comes too late is answered with the reason, in the buyer's words.
 */
@CommandHandler(HoldPromotion)
export class HoldPromotionHandler implements ICommandHandler<HoldPromotion, { message: string } | null> {
  constructor(private readonly streams: SerializedStreams) {}

  async execute({ promotionId, request, discountCents, holdUntil, metadata }: HoldPromotion): Promise<{ message: string } | null> {
    try {
      await runCommand({
        serialize: this.streams,
        streamId: promotionStreamId(promotionId),
        decider: promotionDecider,
        command: { type: 'HoldPromotion', request, discountCents, holdUntil },
        metadata,
      });
      return null;
    } catch (error) {
      if (error instanceof PromotionRefusedError) return { message: PROMOTION_REFUSALS[error.reason] };
      throw error;
    }
  }
}
