import { z } from 'zod';
import { parsePublishableKey } from '../../../../contracts/auth/publishable-key';
import { trustProxyEntries, trustProxyEntryProblem } from './trust-proxy';
import { EMULATOR_WEBHOOK_SECRET } from './production-mode';

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

/** The port PUBLIC_URL names when it is unset; PORT=0 (a free port, known only once listening) keeps 3000. */
export const DEFAULT_PORT = 3000;
export const defaultPublicUrl = (port: number) => `http://localhost:${port || DEFAULT_PORT}`;

/** The one schema of the environment. Every default is the embedded local setup; production-mode.ts says what production refuses. */
export const configSchema = z
  .object({
    /** `production` (the Docker image sets it) refuses the local defaults; any real-service key also means production. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
    /** Unset: http://localhost:<PORT>, so PORT alone moves email links and Stripe's returns with the server. */
    PUBLIC_URL: url(['http:', 'https:']).optional(),
    DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/sculpt'),
    /** Connections each of a process's two Postgres pools (read models, event store) may open. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(10),
    REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379/0'),
    /** Prefix for BullMQ keys, so several installs (or test runs) can share one Redis. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only')
      .default('sculpt'),
    /**
     * The proxies in front of the api whose X-Forwarded-For counts as the client's address (for
     * per-IP limits and logs): a comma list of IP addresses, CIDRs (10.0.0.0/8) and Express's names
     * loopback, linklocal, uniquelocal. Empty (the default): trust none, and the client's address is
     * the connection's own, so nobody can pick a fresh address by sending the header.
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .superRefine((value, ctx) => {
        for (const [index, entry] of trustProxyEntries(value).entries()) {
          const problem = trustProxyEntryProblem(entry, index + 1);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }
      })
      .transform(trustProxyEntries),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: pretty when stdout is a terminal, JSON lines otherwise; set, it forces one or the other. */
    LOG_PRETTY: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
    SUPPORT_EMAIL: z.email().default('support@systemsculpt.com'),
    /** The seller printed on every invoice and credit note. Unset: the demo seller outside production; production refuses to start without it. */
    SELLER_NAME: z.string().trim().min(1).max(200).optional(),
    /** The seller's postal address, its lines separated by `|` (e.g. `1 Main St|London N1 1AA|United Kingdom`). Unset: the demo address outside production; required in production. */
    SELLER_ADDRESS: z
      .string()
      .max(1000)
      .optional()
      .transform((value) =>
        value
          ?.split('|')
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine((lines) => lines === undefined || lines.length > 0, 'at least one address line, lines separated by |'),
    /** The seller's VAT or tax number, printed on invoices. Unset: none is printed. */
    SELLER_TAX_ID: z.string().trim().min(1).max(60).optional(),
    /** Where the built frontend lives (client assets and the server-rendering bundle). */
    WEB_DIST: z.string().min(1).default('dist'),
    /** The built library (manifest.json, files, lesson HTML). Unset: `<WEB_DIST>/library`. */
    LIBRARY_DIST: z.string().min(1).optional(),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(kb|mb)$/, 'a size such as 100kb or 1mb')
      .default('100kb'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** How long a command on a busy stream (a host's calendar, a credit account) waits for its turn before a 503. */
    STREAM_LOCK_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
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
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'a Stripe secret key such as sk_live_…')
      .optional(),
    /** Where the Stripe emulator sends its webhooks. Unset: this api's own /webhooks/stripe. */
    STRIPE_EMULATOR_WEBHOOK_URL: url(['http:', 'https:']).optional(),
    /** Where a worker (which has no emulator of its own) reaches an api's Stripe emulator. Unset: PUBLIC_URL. */
    STRIPE_EMULATOR_URL: url(['http:', 'https:']).optional(),
    /** The Stripe emulator's seller country for tax (Stripe Tax's head office). Unset: IE. */
    STRIPE_EMULATOR_TAX_ORIGIN: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'a two-letter country code such as IE')
      .optional(),
    /** Where the Stripe emulator's seller is registered to collect tax: country codes, EU for all member states. Unset: EU,GB,NO,CH,AU,NZ,JP,CA. */
    STRIPE_EMULATOR_TAX_REGISTRATIONS: z
      .string()
      .regex(/^\s*([A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*)?$/, 'country codes separated by commas, such as EU,GB,NO')
      .optional(),
    /** Verifies Stripe-Signature on /webhooks/stripe. The default is the local Stripe emulator's. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w{8,}$/, 'a webhook signing secret such as whsec_…')
      .default(EMULATOR_WEBHOOK_SECRET),
    /** Real Clerk. All three unset: the embedded local sign-in (email + one-time code in the outbox) stands in. */
    CLERK_PUBLISHABLE_KEY: z.string().optional(),
    CLERK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'a Clerk secret key such as sk_live_…')
      .optional(),
    /** The Clerk instance's public key (PEM), so session tokens are verified without a network call. */
    CLERK_JWT_KEY: z.string().includes('BEGIN PUBLIC KEY', { message: "the PEM public key from Clerk's API keys page" }).optional(),
    /** Local sign-in: addresses (comma-separated) whose accounts get the admin role. */
    LOCAL_ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Local sign-in: addresses (comma-separated) whose accounts get the support role in /admin. */
    LOCAL_SUPPORT_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Embedded defaults only: seed the demo host (and their weekly hours) on the first start. Never with real Stripe or Clerk keys. */
    LOCAL_DEMO_DATA: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Where file versions are kept: `disk` (the embedded default, a folder) or `s3` (any S3-compatible store). */
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    /** The disk driver's folder, relative to the working directory unless absolute. */
    STORAGE_DIR: z.string().min(1).default('var/storage'),
    STORAGE_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
      .optional(),
    STORAGE_S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'a region such as eu-west-1')
      .optional(),
    /** An S3-compatible endpoint (MinIO, R2, …). Unset: AWS's own for the region. */
    STORAGE_S3_ENDPOINT: url(['http:', 'https:']).optional(),
    STORAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    STORAGE_S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** How long a signed download link works, in seconds. */
    LIBRARY_LINK_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** The largest file an admin may upload as a new version, in megabytes. */
    LIBRARY_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(5_000).default(200),
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'a Google Analytics measurement id such as G-ABC123')
      .optional(),
  })
  .superRefine((config, ctx) => {
    const clerk = [config.CLERK_PUBLISHABLE_KEY, config.CLERK_SECRET_KEY, config.CLERK_JWT_KEY];
    if (clerk.some(Boolean) && !clerk.every(Boolean)) {
      for (const [name, value] of [
        ['CLERK_PUBLISHABLE_KEY', config.CLERK_PUBLISHABLE_KEY],
        ['CLERK_SECRET_KEY', config.CLERK_SECRET_KEY],
        ['CLERK_JWT_KEY', config.CLERK_JWT_KEY],
      ] as const) {
        if (!value)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'Clerk needs all three of CLERK_PUBLISHABLE_KEY, CLERK_SECRET_KEY and CLERK_JWT_KEY (or none, for the local sign-in)',
          });
      }
    }
    if (config.CLERK_PUBLISHABLE_KEY) {
      try {
        parsePublishableKey(config.CLERK_PUBLISHABLE_KEY);
      } catch {
        // parsePublishableKey's own message quotes the key's start; a refusal never shows a value.
        ctx.addIssue({
          code: 'custom',
          path: ['CLERK_PUBLISHABLE_KEY'],
          message: 'not a Clerk publishable key: expected pk_test_ or pk_live_ followed by the encoded frontend API host',
        });
      }
    }
    if (config.STORAGE_DRIVER === 's3') {
      if (!config.STORAGE_S3_BUCKET)
        ctx.addIssue({ code: 'custom', path: ['STORAGE_S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3, e.g. sculpt-library' });
      if (!config.STORAGE_S3_REGION)
        ctx.addIssue({
          code: 'custom',
          path: ['STORAGE_S3_REGION'],
          message: 'required when STORAGE_DRIVER=s3, e.g. eu-west-1 (any value for most S3-compatible servers)',
        });
      if (Boolean(config.STORAGE_S3_ACCESS_KEY_ID) !== Boolean(config.STORAGE_S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: [config.STORAGE_S3_ACCESS_KEY_ID ? 'STORAGE_S3_SECRET_ACCESS_KEY' : 'STORAGE_S3_ACCESS_KEY_ID'],
          message: "set both STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY, or neither (the AWS SDK's default credentials)",
        });
      }
    }
    if (config.EMAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_TRANSPORT=smtp, e.g. smtps://user:pass@smtp.example.com:465' });
    }
  })
  .transform((config) => ({ ...config, PUBLIC_URL: config.PUBLIC_URL ?? defaultPublicUrl(config.PORT) }));

/** Every variable's name, as the environment spells it. */
export const CONFIG_VARIABLES = Object.keys(configSchema.in.shape) as Array<keyof AppConfig>;

export type AppConfig = z.infer<typeof configSchema>;
