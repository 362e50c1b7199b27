import { z } from 'zod';

/**
 * How the plugin reads GET /api/plugin/credits/usage, written from plugin-facts.md ("Credits usage,
 * as the plugin reads it") and not from the site's contract: exactly these fields on each item.
 */
const USAGE_KINDS = ['audio_transcription', 'embeddings', 'document_processing', 'agent_turn', 'request'] as const;
const num = z.number().finite();
const int = z.number().int();
const pluginUsageItem = z.strictObject({
  id: z.string().min(1),
  created_at: z.iso.datetime(),
  endpoint: z.string().min(1),
  usage_kind: z.enum(USAGE_KINDS),
  duration_seconds: num.min(0),
  total_tokens: int.min(0),
  input_tokens: int.min(0),
  output_tokens: int.min(0),
  cache_read_tokens: int.min(0),
  cache_write_tokens: int.min(0),
  page_count: int.min(0),
  credits_charged: int.min(0),
  included_delta: int,
  add_on_delta: int,
  total_delta: int,
  included_before: int.min(0),
  included_after: int.min(0),
  add_on_before: int.min(0),
  add_on_after: int.min(0),
  total_before: int.min(0),
  total_after: int.min(0),
  raw_usd: num.min(0),
  file_size_bytes: int.min(0).nullable(),
  file_format: z.string().nullable(),
  billing_formula_version: z.string().nullable(),
  billing_credits_per_usd: num.nullable(),
  billing_markup_multiplier: num.nullable(),
  billing_credits_exact: num.nullable(),
});
export const pluginUsagePage = z.strictObject({ items: z.array(pluginUsageItem), next_before: z.string().min(1).nullable() });
export type PluginUsageItem = z.output<typeof pluginUsageItem>;

/** The site's error envelope, nothing more: a stable code, a message, and the issues of a validation failure. */
export const errorEnvelope = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string().min(1),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
  }),
});
