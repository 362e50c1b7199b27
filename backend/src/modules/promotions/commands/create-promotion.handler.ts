import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PromotionTerms } from '../../../../../contracts/promotions/promotion-terms';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { promotionDecider } from '../promotions.decider';
import { promotionStreamId } from '../promotions.events';

export class CreatePromotion extends Command<{ promotionId: string }> {
  constructor(
    readonly terms: PromotionTerms,
    readonly metadata: EventMetadata,
    readonly at: string = new Date().toISOString(),
  ) {
    super();
  }
}

/** A new promotion on its own stream: a code is its own id (so a code is never given twice), an automatic promotion gets one. */
@CommandHandler(CreatePromotion)
export class CreatePromotionHandler implements ICommandHandler<CreatePromotion, { promotionId: string }> {
  constructor(private readonly store: EventStore) {}

  async execute({ terms, metadata, at }: CreatePromotion): Promise<{ promotionId: string }> {
    const promotionId = terms.code ?? `auto-${randomUUID().slice(0, 8)}`;
    await runCommand({
      store: this.store,
      streamId: promotionStreamId(promotionId),
      decider: promotionDecider,
      command: { type: 'CreatePromotion', promotionId, terms, at },
      metadata,
    });
    return { promotionId };
  }
}
