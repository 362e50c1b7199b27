import { z } from 'zod';
import { defineServerFn } from './server-fn';

export const componentStatusSchema = z.enum(['operational', 'outage']);

export const getServiceStatus = defineServerFn({
  id: 'getServiceStatus',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    overall: z.enum(['operational', 'degraded']),
    checkedAt: z.iso.datetime(),
    components: z.array(
      z.object({
        id: z.enum(['website', 'accounts-and-orders', 'background-jobs']),
        name: z.string(),
        description: z.string(),
        status: componentStatusSchema,
      }),
    ),
  }),
});
