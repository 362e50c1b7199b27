import { z } from 'zod';
import { defineServerFn } from '../server-fn';
import { promotionDiscount, promotionDuration } from './promotion-terms';

/** A sale running now (an automatic promotion): what it takes off, on which products (empty: every paid product), and until when. */
export const runningSaleSchema = z.object({
  promotionId: z.string(),
  name: z.string(),
  discount: promotionDiscount,
  duration: promotionDuration,
  productIds: z.array(z.string()),
  endsAt: z.iso.datetime().nullable(),
});
export type RunningSale = z.infer<typeof runningSaleSchema>;

/** The sales the plans page shows: each applies at checkout without a code. */
export const getRunningSales = defineServerFn({
  id: 'getRunningSales',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({ sales: z.array(runningSaleSchema) }),
});
