import { z } from 'zod';

/** Resource types and their labels, as the spec lists them. */
export const RESOURCE_TYPE_LABELS = {
  bundle: 'Bundles',
  template: 'Templates',
  license: 'Licenses',
  course: 'Courses',
  ebook: 'Ebooks',
  session: 'Sessions',
  api_credits: 'API Credits',
} as const;

export const resourceTypes = Object.keys(RESOURCE_TYPE_LABELS) as [keyof typeof RESOURCE_TYPE_LABELS, ...(keyof typeof RESOURCE_TYPE_LABELS)[]];
export const resourceTypeSchema = z.enum(resourceTypes);
export type ResourceType = z.infer<typeof resourceTypeSchema>;

export const accessTypeSchema = z.enum(['free', 'subscription', 'other']);
export type AccessType = z.infer<typeof accessTypeSchema>;

/** The ids the rest of the product refers to by name. */
export const KNOWN_RESOURCE_IDS = {
  starterMonthly: 'starter-monthly',
  /** The pro monthly plan is the monthly subscription. */
  proMonthly: 'pro-monthly',
  monthlySubscription: 'pro-monthly',
  lifetimeLicense: 'lifetime-license',
  /** The same plans billed once a year, at ten months' price. */
  starterAnnual: 'starter-annual',
  proAnnual: 'pro-annual',
} as const;

export const resourceMetadataSchema = z
  .object({
    heroDescription: z.string().optional(),
    summary: z.string().optional(),
    shortDescription: z.string().optional(),
    stripeDescription: z.string().optional(),
    /** An array, or one string split on newlines or '|'. */
    features: z.union([z.array(z.string()), z.string()]).optional(),
  })
  .catchall(z.unknown());

export const resourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  stripeDescription: z.string().nullable(),
  metadata: resourceMetadataSchema,
  imageUrl: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  accessType: accessTypeSchema,
  type: resourceTypeSchema,
});
export type Resource = z.infer<typeof resourceSchema>;
