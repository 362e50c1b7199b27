import { z } from 'zod';
import { defineServerFn } from '../server-fn';

export const getSiteInfo = defineServerFn({
  id: 'getSiteInfo',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    name: z.string(),
    /** The site's public origin, for canonical URLs and links that leave the page. */
    publicUrl: z.url(),
    pluginName: z.string(),
    pluginVersion: z.string(),
    minimumObsidianVersion: z.string(),
    supportEmail: z.email(),
    analyticsMeasurementId: z.string().nullable(),
  }),
});
