import { z } from 'zod';
import { defineServerFn } from './server-fn';

export const getSiteInfo = defineServerFn({
  id: 'getSiteInfo',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    name: z.string(),
    pluginName: z.string(),
    pluginVersion: z.string(),
    minimumObsidianVersion: z.string(),
    supportEmail: z.email(),
    analyticsMeasurementId: z.string().nullable(),
  }),
});
