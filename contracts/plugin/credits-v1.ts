import { z } from 'zod';

/**
 * What the plugin reads from GET /api/plugin/credits/balance and /usage (plugin-facts.md,
 * "License and credits"), and what the AI service posts to debit usage. Strict objects: the
 * plugin's decoder takes exactly these keys.
 */
const iso = z.iso.datetime();
const count = z.number().int().min(0);

export const USAGE_KINDS = ['audio_transcription', 'embeddings', 'document_processing', 'agent_turn', 'request'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const annualUpgradeOfferSchema = z.strictObject({
  amount_saved_cents: count,
  percent_saved: z.number().min(0).max(100),
  annual_price_cents: count,
  monthly_equivalent_annual_cents: count,
  checkout_path: z.string().startsWith('/'),
});
export type AnnualUpgradeOffer = z.output<typeof annualUpgradeOfferSchema>;

export const creditBalanceSchema = z
  .strictObject({
    included_remaining: count,
    add_on_remaining: count,
    total_remaining: count,
    included_per_month: count,
    usage_class: z.literal('customer'),
    cycle_anchor_at: iso,
    cycle_started_at: iso,
    cycle_ends_at: iso,
    turn_in_flight_until: iso.nullable(),
    billing_cycle: z.enum(['monthly', 'annual']),
    purchase_url: z.union([z.url({ protocol: /^https?$/ }), z.string().startsWith('/')]),
    annual_upgrade_offer: annualUpgradeOfferSchema.nullable(),
  })
  .refine((b) => b.total_remaining === b.included_remaining + b.add_on_remaining, {
    message: 'total_remaining must equal included_remaining + add_on_remaining',
  });
export type CreditBalance = z.output<typeof creditBalanceSchema>;

/** An endpoint name as the AI service reports it and the plugin filters by: printable, storable text. */
export const usageEndpointSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .refine(
    (value) => !/[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value),
    'That is not an endpoint name.',
  );

/** What the AI service measured for a request, when it says: the plugin shows it beside the charge. */
export const usageMeasuresSchema = z.strictObject({
  duration_seconds: z.number().min(0).max(1e7).optional(),
  total_tokens: count.max(1e12).optional(),
  input_tokens: count.max(1e12).optional(),
  output_tokens: count.max(1e12).optional(),
  cache_read_tokens: count.max(1e12).optional(),
  cache_write_tokens: count.max(1e12).optional(),
  page_count: count.max(1e7).optional(),
  raw_usd: z.number().min(0).max(1e7).optional(),
  file_size_bytes: count.max(1e13).optional(),
  file_format: z
    .string()
    .regex(/^[a-z0-9.+-]{1,20}$/i)
    .optional(),
  billing_formula_version: z
    .string()
    .regex(/^[\w.:-]{1,40}$/)
    .optional(),
  billing_credits_per_usd: z.number().min(0).max(1e9).optional(),
  billing_markup_multiplier: z.number().min(0).max(1e3).optional(),
  billing_credits_exact: z.number().min(0).max(1e12).optional(),
});
export type UsageMeasures = z.output<typeof usageMeasuresSchema>;

/**
 * One usage entry, field for field as the plugin reads it (plugin-facts.md, "Credits usage"):
 * deltas are signed (a debit's are negative) and `*_after` is `*_before` plus the delta.
 */
export const usageItemSchema = z.strictObject({
  id: z.string(),
  created_at: iso,
  endpoint: z.string(),
  usage_kind: z.enum(USAGE_KINDS),
  duration_seconds: z.number().min(0),
  total_tokens: count,
  input_tokens: count,
  output_tokens: count,
  cache_read_tokens: count,
  cache_write_tokens: count,
  page_count: count,
  credits_charged: count,
  included_delta: z.number().int(),
  add_on_delta: z.number().int(),
  total_delta: z.number().int(),
  included_before: count,
  included_after: count,
  add_on_before: count,
  add_on_after: count,
  total_before: count,
  total_after: count,
  raw_usd: z.number().min(0),
  file_size_bytes: count.nullable(),
  file_format: z.string().nullable(),
  billing_formula_version: z.string().nullable(),
  billing_credits_per_usd: z.number().nullable(),
  billing_markup_multiplier: z.number().nullable(),
  billing_credits_exact: z.number().nullable(),
});
export type UsageItem = z.output<typeof usageItemSchema>;

export const usagePageSchema = z.strictObject({
  /** Newest first. */
  items: z.array(usageItemSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});
export type UsagePage = z.output<typeof usagePageSchema>;

/** The largest page; the plugin may ask for more (any positive integer) and gets this many. */
export const USAGE_PAGE_MAX = 100;
/** How many endpoints one query may name (`?endpoint=a&endpoint=b`: entries of any of them). */
export const USAGE_ENDPOINTS_MAX = 20;

const absentIfEmpty = (v: unknown) => (v === '' ? undefined : v);

/** `?limit&before&endpoint`: an empty value is as if it were absent; `endpoint` may repeat. */
export const usageQuerySchema = z.object({
  limit: z.preprocess(
    absentIfEmpty,
    z.coerce
      .number()
      .int()
      .min(1)
      .default(25)
      .transform((n) => Math.min(n, USAGE_PAGE_MAX)),
  ),
  before: z.preprocess(
    absentIfEmpty,
    z
      .string()
      .regex(/^use_[0-9a-f]{24}$/, 'before must be an entry id from next_before')
      .optional(),
  ),
  endpoint: z.preprocess(
    (v) => {
      const values = (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((value) => value !== '');
      return values.length ? values : undefined;
    },
    z.array(usageEndpointSchema).max(USAGE_ENDPOINTS_MAX, `At most ${USAGE_ENDPOINTS_MAX} endpoints.`).optional(),
  ),
});
export type UsageQuery = z.output<typeof usageQuerySchema>;

/** POST /api/internal/credits/debit, from the AI service, once per request it served. */
export const creditDebitSchema = z.strictObject({
  /** The AI service's id for the request: the same id debits once however often it is posted. */
  request_id: z.string().trim().min(8).max(200),
  license_key: z.string().min(1).max(200),
  endpoint: usageEndpointSchema,
  usage_kind: z.enum(USAGE_KINDS),
  credits: z.number().int().min(1).max(10_000_000),
  /** Optional: what the request measured, shown to the plugin with the entry. */
  measures: usageMeasuresSchema.optional(),
});
export type CreditDebit = z.output<typeof creditDebitSchema>;
