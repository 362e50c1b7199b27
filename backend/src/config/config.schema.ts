import { z } from 'zod';
import { parsePublishableKey } from '../../../contracts/auth/publishable-key';

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

/** The one schema of the environment. Every default is the embedded local setup. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/sculpt'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379/0'),
  /** Prefix for BullMQ keys, so several installs (or test runs) can share one Redis. */
  QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only').default('sculpt'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SUPPORT_EMAIL: z.email().default('support@systemsculpt.com'),
  /** Where the built frontend lives (client assets and the server-rendering bundle). */
  WEB_DIST: z.string().min(1).default('dist'),
  BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/, 'a size such as 100kb or 1mb').default('100kb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Admin access until accounts with roles land; at least 16 characters. Unset: no admin access. */
  ADMIN_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** The bearer token the AI service sends to debit usage (POST /api/internal/credits/debit); at least 32 characters. Unset: debits are refused. */
  CREDITS_API_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
  /** `outbox` (the embedded default) keeps every email and shows it at /dev/outbox; `smtp` sends through SMTP_URL. */
  EMAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  EMAIL_FROM: z.string().min(3).default('SystemSculpt <hello@systemsculpt.com>'),
  /** Signs manage-email links and form tokens. Unset: a secret made on first boot and kept in Postgres. */
  SITE_TOKEN_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** Real Stripe. Unset: the embedded Stripe emulator (REST API under /v1, hosted checkout) stands in. */
  STRIPE_SECRET_KEY: z.string().regex(/^sk_(test|live)_\w+$/, 'a Stripe secret key such as sk_live_…').optional(),
  /** Where the Stripe emulator sends its webhooks. Unset: this api's own /webhooks/stripe. */
  STRIPE_EMULATOR_WEBHOOK_URL: url(['http:', 'https:']).optional(),
  /** Verifies Stripe-Signature on /webhooks/stripe. The default is the local Stripe emulator's. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w{8,}$/, 'a webhook signing secret such as whsec_…').default('whsec_sculpt_local_emulator'),
  /** Real Clerk. All three unset: the embedded local sign-in (email + one-time code in the outbox) stands in. */
  CLERK_PUBLISHABLE_KEY: z.string().optional(),
  CLERK_SECRET_KEY: z.string().regex(/^sk_(test|live)_\w+$/, 'a Clerk secret key such as sk_live_…').optional(),
  /** The Clerk instance's public key (PEM), so session tokens are verified without a network call. */
  CLERK_JWT_KEY: z.string().includes('BEGIN PUBLIC KEY', { message: 'the PEM public key from Clerk\'s API keys page' }).optional(),
  /** Local sign-in: addresses (comma-separated) whose accounts get the admin role. */
  LOCAL_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean)),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'a Google Analytics measurement id such as G-ABC123')
    .optional(),
}).superRefine((config, ctx) => {
  const clerk = [config.CLERK_PUBLISHABLE_KEY, config.CLERK_SECRET_KEY, config.CLERK_JWT_KEY];
  if (clerk.some(Boolean) && !clerk.every(Boolean)) {
    for (const [name, value] of [['CLERK_PUBLISHABLE_KEY', config.CLERK_PUBLISHABLE_KEY], ['CLERK_SECRET_KEY', config.CLERK_SECRET_KEY], ['CLERK_JWT_KEY', config.CLERK_JWT_KEY]] as const) {
      if (!value) ctx.addIssue({ code: 'custom', path: [name], message: 'Clerk needs all three of CLERK_PUBLISHABLE_KEY, CLERK_SECRET_KEY and CLERK_JWT_KEY (or none, for the local sign-in)' });
    }
  }
  if (config.CLERK_PUBLISHABLE_KEY) {
    try {
      parsePublishableKey(config.CLERK_PUBLISHABLE_KEY);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['CLERK_PUBLISHABLE_KEY'], message: (error as Error).message });
    }
  }
  if (config.EMAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_TRANSPORT=smtp, e.g. smtps://user:pass@smtp.example.com:465' });
  }
});

export type AppConfig = z.infer<typeof configSchema>;
