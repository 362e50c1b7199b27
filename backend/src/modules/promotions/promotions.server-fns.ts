import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { adminCreatePromotion, adminEndPromotion, adminListPromotions } from '../../../../contracts/admin/promotions.contract';
import { getRunningSales } from '../../../../contracts/promotions/running-sales.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { adminCallerOf } from '../../server-fn/admin-operation';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { CreatePromotion } from './commands/create-promotion.handler';
import { EndPromotion } from './commands/end-promotion.handler';
import { PromotionsQueries } from './promotions.queries';

const adminMetadata = (context: ServerFnContext) => requestMetadata(context.correlationId, { kind: 'admin', userId: adminCallerOf(context).id });

/** Promotions in /admin: support reads them; the owner creates and ends them (they change what customers pay). */
@Injectable()
export class PromotionsServerFns {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PromotionsQueries,
  ) {}

  @ServerFn(getRunningSales)
  async getRunningSales(): Promise<ServerFnOutput<typeof getRunningSales>> {
    return { sales: await this.queries.runningSales(new Date()) };
  }

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
  adminCreatePromotion(input: z.output<typeof adminCreatePromotion.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminCreatePromotion>> {
    return this.commands.execute(new CreatePromotion(input, adminMetadata(context)));
  }

  @ServerFn(adminEndPromotion, {
    admin: {
      role: 'owner',
      audit: { kind: 'recorded', target: (input) => `promotion-${input.promotionId}`, outcome: (output) => `Ended promotion ${output.promotionId}` },
    },
  })
  adminEndPromotion(input: z.output<typeof adminEndPromotion.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminEndPromotion>> {
    return this.commands.execute(new EndPromotion(input.promotionId, adminMetadata(context)));
  }
}
