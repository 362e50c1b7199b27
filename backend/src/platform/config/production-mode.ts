import type { AppConfig } from './config.schema';

/** The Stripe emulator's webhook signing secret: public (it is in this repository), so anyone can sign with it. */
export const EMULATOR_WEBHOOK_SECRET = 'whsec_sculpt_local_emulator';

type ModeInput = Pick<AppConfig, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'CLERK_PUBLISHABLE_KEY' | 'CLERK_SECRET_KEY' | 'CLERK_JWT_KEY'>;

/** A key of a real outside service: whoever sets one is running for real. */
function setsRealServiceKey(config: ModeInput): boolean {
  return Boolean(config.STRIPE_SECRET_KEY || config.CLERK_PUBLISHABLE_KEY || config.CLERK_SECRET_KEY || config.CLERK_JWT_KEY);
}

/**
 * Production is NODE_ENV=production, or any real-service key set. Only NODE_ENV=test (what the
 * test runner sets) keeps real-looking keys out of production, so suites can try Clerk offline.
 */
export function isProductionMode(config: ModeInput): boolean {
  return config.NODE_ENV === 'production' || (config.NODE_ENV !== 'test' && setsRealServiceKey(config));
}

type RuleInput = ModeInput &
  Pick<
    AppConfig,
    | 'STRIPE_WEBHOOK_SECRET'
    | 'SITE_TOKEN_SECRET'
    | 'EMAIL_TRANSPORT'
    | 'PUBLIC_URL'
    | 'STRIPE_EMULATOR_WEBHOOK_URL'
    | 'STRIPE_EMULATOR_URL'
    | 'STRIPE_EMULATOR_TAX_ORIGIN'
    | 'STRIPE_EMULATOR_TAX_REGISTRATIONS'
    | 'LOCAL_ADMIN_EMAILS'
    | 'LOCAL_SUPPORT_EMAILS'
    | 'SELLER_NAME'
    | 'SELLER_ADDRESS'
  >;

/** What production refuses, one line each, starting with the variable to change (never its value). Empty outside production. */
export function productionProblems(config: RuleInput): string[] {
  if (!isProductionMode(config)) return [];
  const problems: string[] = [];
  if (!config.STRIPE_SECRET_KEY)
    problems.push('STRIPE_SECRET_KEY: required in production; the Stripe emulator is a local stand-in and never runs in production');
  if (!config.CLERK_PUBLISHABLE_KEY && !config.CLERK_SECRET_KEY && !config.CLERK_JWT_KEY) {
    problems.push(
      'CLERK_SECRET_KEY: required in production, with CLERK_PUBLISHABLE_KEY and CLERK_JWT_KEY; the local sign-in is a stand-in and never runs in production',
    );
  }
  if (config.STRIPE_WEBHOOK_SECRET === EMULATOR_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: missing or the Stripe emulator's public default, which anyone can sign webhooks with; set your Stripe endpoint's signing secret",
    );
  }
  if (!config.SITE_TOKEN_SECRET)
    problems.push(
      'SITE_TOKEN_SECRET: required in production (at least 32 random characters), so signed links and form tokens do not depend on a secret kept in the database',
    );
  if (config.EMAIL_TRANSPORT === 'outbox')
    problems.push(
      'EMAIL_TRANSPORT: the outbox keeps emails (license keys included) instead of sending them; set EMAIL_TRANSPORT=smtp and SMTP_URL in production',
    );
  if (new URL(config.PUBLIC_URL).protocol !== 'https:')
    problems.push("PUBLIC_URL: must start with https:// in production (sessions, cookies and Stripe's returns use it)");
  if (config.STRIPE_EMULATOR_WEBHOOK_URL)
    problems.push('STRIPE_EMULATOR_WEBHOOK_URL: a Stripe emulator setting; production never runs the emulator, so unset it');
  if (config.STRIPE_EMULATOR_URL) problems.push('STRIPE_EMULATOR_URL: a Stripe emulator setting; production never runs the emulator, so unset it');
  // Real tax is configured in Stripe's dashboard (origin address, registrations): these only steer the emulator.
  for (const name of ['STRIPE_EMULATOR_TAX_ORIGIN', 'STRIPE_EMULATOR_TAX_REGISTRATIONS'] as const) {
    if (config[name] !== undefined) problems.push(`${name}: a Stripe emulator setting; production never runs the emulator, so unset it`);
  }
  if (config.LOCAL_ADMIN_EMAILS.length > 0) problems.push('LOCAL_ADMIN_EMAILS: a local sign-in setting; production signs in with Clerk, so unset it');
  if (config.LOCAL_SUPPORT_EMAILS.length > 0) problems.push('LOCAL_SUPPORT_EMAILS: a local sign-in setting; production signs in with Clerk, so unset it');
  if (!config.SELLER_NAME) problems.push('SELLER_NAME: required in production; every invoice names the seller (the demo seller is for local runs only)');
  if (!config.SELLER_ADDRESS) problems.push("SELLER_ADDRESS: required in production; every invoice gives the seller's address (lines separated by |)");
  return problems;
}
