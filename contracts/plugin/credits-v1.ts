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
  .refine((b) => b.total_remaining === b.included_remaining + b.add_on_remaining, { message: 'total_remaining must equal included_remaining + add_on_remaining' });
export type CreditBalance = z.output<typeof creditBalanceSchema>;

export const usageEntrySchema = z.strictObject({
  id: z.string(),
  created_at: iso,
  endpoint: z.string(),
  usage_kind: z.enum(USAGE_KINDS),
  credits_spent: count,
});
export type UsageEntry = z.output<typeof usageEntrySchema>;

export const usagePageSchema = z.strictObject({
  entries: z.array(usageEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
});
export type UsagePage = z.output<typeof usagePageSchema>;

/** `?limit&before&endpoint`: an empty value is as if it were absent. */
export const usageQuerySchema = z.object({
  limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).default(25)),
  before: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^use_[0-9a-f]{24}$/, 'before must be an entry id from next_before').optional()),
  endpoint: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(120).optional()),
});

/** POST /api/internal/credits/debit, from the AI service, once per request it served. */
export const creditDebitSchema = z.strictObject({
  /** The AI service's id for the request: the same id debits once however often it is posted. */
  request_id: z.string().trim().min(8).max(200),
  license_key: z.string().min(1).max(200),
  endpoint: z.string().trim().min(1).max(120),
  usage_kind: z.enum(USAGE_KINDS),
  credits: z.number().int().min(1).max(10_000_000),
});
export type CreditDebit = z.output<typeof creditDebitSchema>;
