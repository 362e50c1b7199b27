import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { adminCreatePromotion, adminEndPromotion, adminListPromotions } from '../../../../contracts/admin/promotions.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { runCommand } from '../../events/command-runner';
import { EventStore } from '../../events/event-store';
import { requestMetadata } from '../../events/metadata-for';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { promotionDecider } from './promotions.decider';
import { promotionStreamId } from './promotions.events';
import { PromotionsQueries } from './promotions.queries';

const adminMetadata = (context: ServerFnContext) => requestMetadata(context.correlationId, { kind: 'admin', userId: adminCallerOf(context).id });

/** Promotions in /admin: support reads them; the owner creates and ends them (they change what customers pay). */
@Injectable()
export class PromotionsServerFns {
  constructor(
    private readonly store: EventStore,
    private readonly queries: PromotionsQueries,
  ) {}

  @ServerFn(adminListPromotions, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async adminListPromotions(): Promise<ServerFnOutput<typeof adminListPromotions>> {
    return { promotions: await this.queries.list(new Date()) };
  }

  @ServerFn(adminCreatePromotion, {
    admin: {
      role: 'owner',
      audit: { kind: 'recorded', target: (input) => `promotion-${input.code ?? 'automatic'}`, outcome: (output) => `Created promotion ${output.promotionId}` },
    },
  })
  async adminCreatePromotion(
    input: z.output<typeof adminCreatePromotion.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof adminCreatePromotion>> {
    // A code is its own id (one stream per code, so a code is never given twice); an automatic promotion gets one.
    const promotionId = input.code ?? `auto-${randomUUID().slice(0, 8)}`;
    await runCommand({
      store: this.store,
      streamId: promotionStreamId(promotionId),
      decider: promotionDecider,
      command: { type: 'CreatePromotion', promotionId, terms: input, at: new Date().toISOString() },
      metadata: adminMetadata(context),
    });
    return { promotionId };
  }

  @ServerFn(adminEndPromotion, {
    admin: {
      role: 'owner',
      audit: { kind: 'recorded', target: (input) => `promotion-${input.promotionId}`, outcome: (output) => `Ended promotion ${output.promotionId}` },
    },
  })
  async adminEndPromotion(input: z.output<typeof adminEndPromotion.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminEndPromotion>> {
    const { state } = await runCommand({
      store: this.store,
      streamId: promotionStreamId(input.promotionId),
      decider: promotionDecider,
      command: { type: 'EndPromotion', at: new Date().toISOString() },
      metadata: adminMetadata(context),
    });
    return { promotionId: input.promotionId, endedAt: state.endedAt! };
  }
}
