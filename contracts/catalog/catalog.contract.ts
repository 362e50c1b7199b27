import { z } from 'zod';
import { resourceSchema, resourceTypeSchema } from './resource';
import { defineServerFn } from '../server-fn';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../text-rule';

export const RESOURCE_QUERY_MAX = 120;
export const RESOURCE_PRICE_FILTERS = ['all', 'free', 'paid'] as const;

/** /resources search params (spec §5): q trimmed, ≤ 120, dropped when empty; 'all' means no filter. */
export const resourcesSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(RESOURCE_QUERY_MAX, `Search for at most ${RESOURCE_QUERY_MAX} characters.`)
    // The page validates its address with this schema too: such a search is the visitor's 400, not a failed loader's 500.
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
    .optional()
    .transform((q) => (q ? q : undefined)),
  category: z.union([z.literal('all'), resourceTypeSchema]).optional(),
  price: z.enum(RESOURCE_PRICE_FILTERS).optional(),
});
export type ResourcesSearch = z.output<typeof resourcesSearchSchema>;

export const resourceIdSchema = z.string().trim().min(1, 'Give a resource id.').max(120);

export const listResources = defineServerFn({
  id: 'listResources',
  method: 'GET',
  input: resourcesSearchSchema.strict(),
  output: z.object({
    resources: z.array(resourceSchema),
    total: z.number().int(),
    countsByType: z.record(z.string(), z.number().int()),
  }),
});

export const getResource = defineServerFn({
  id: 'getResource',
  method: 'GET',
  input: z.object({ resourceId: resourceIdSchema }).strict(),
  output: resourceSchema,
  errors: ['NOT_FOUND'],
});

export const getPricingResources = defineServerFn({
  id: 'getPricingResources',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    starterMonthly: resourceSchema,
    proMonthly: resourceSchema,
    lifetimeLicense: resourceSchema,
    /** Starter and Pro billed yearly; null while the catalog has no such plan (the page then sells monthly only). */
    starterAnnual: resourceSchema.nullable(),
    proAnnual: resourceSchema.nullable(),
    creditPacks: z.array(resourceSchema),
  }),
});
