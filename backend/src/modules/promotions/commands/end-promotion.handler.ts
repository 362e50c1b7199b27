import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { promotionDecider } from '../promotions.decider';
import { promotionStreamId } from '../promotions.events';

export class EndPromotion extends Command<{ promotionId: string; endedAt: string }> {
  constructor(
    readonly promotionId: string,
    readonly metadata: EventMetadata,
    readonly at: string = new Date().toISOString(),
  ) {
    super();
  }
}

/** Ends a promotion for new checkouts; ending it again answers when it ended. */
@CommandHandler(EndPromotion)
export class EndPromotionHandler implements ICommandHandler<EndPromotion, { promotionId: string; endedAt: string }> {
  constructor(private readonly store: EventStore) {}

  async execute({ promotionId, metadata, at }: EndPromotion): Promise<{ promotionId: string; endedAt: string }> {
    const { state } = await runCommand({
      store: this.store,
      streamId: promotionStreamId(promotionId),
      decider: promotionDecider,
      command: { type: 'EndPromotion', at },
      metadata,
    });
    return { promotionId, endedAt: state.endedAt! };
  }
}
