import { SAFE_PRODUCTION_ENV as SAFE_PRODUCTION } from '../../../../test/support/production-env';
import { ConfigError, loadConfig } from './load-config';
import { isProductionMode } from './production-mode';
import { standIns } from './stand-ins';

function refusal(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n');
    throw error;
  }
  return [];
}

const without = (name: string) => ({ ...SAFE_PRODUCTION, [name]: undefined });

describe('production mode', () => {
  it('is NODE_ENV=production, or any real-service key outside the test runner', () => {
    expect(isProductionMode(loadConfig({}))).toBe(false);
    expect(isProductionMode(loadConfig(SAFE_PRODUCTION))).toBe(true);
    for (const name of ['STRIPE_SECRET_KEY', 'CLERK_SECRET_KEY']) {
      expect(isProductionMode({ NODE_ENV: 'development', [name]: SAFE_PRODUCTION[name] })).toBe(true);
      expect(isProductionMode({ NODE_ENV: 'test', [name]: SAFE_PRODUCTION[name] })).toBe(false);
    }
  });

  it('starts on a complete production configuration, with no stand-in', () => {
    expect(refusal(SAFE_PRODUCTION)).toEqual([]);
    expect(standIns(loadConfig(SAFE_PRODUCTION))).toEqual({ stripeEmulator: false, localSignIn: false, outbox: false });
  });

  it('keeps every stand-in for the embedded defaults (npm start)', () => {
    expect(refusal({})).toEqual([]);
    expect(standIns(loadConfig({}))).toEqual({ stripeEmulator: true, localSignIn: true, outbox: true });
  });

  // Each unsafe value alone refuses start with exactly one line naming its variable.
  const unsafe: Array<[string, Record<string, string | undefined>, string]> = [
    ['the webhook secret missing', without('STRIPE_WEBHOOK_SECRET'), 'STRIPE_WEBHOOK_SECRET'],
    ["the emulator's webhook secret", { ...SAFE_PRODUCTION, STRIPE_WEBHOOK_SECRET: 'whsec_sculpt_local_emulator' }, 'STRIPE_WEBHOOK_SECRET'],
    ['SITE_TOKEN_SECRET missing', without('SITE_TOKEN_SECRET'), 'SITE_TOKEN_SECRET'],
    ['email to the outbox', { ...SAFE_PRODUCTION, EMAIL_TRANSPORT: 'outbox', SMTP_URL: undefined }, 'EMAIL_TRANSPORT'],
    ['email left unset (the outbox)', { ...SAFE_PRODUCTION, EMAIL_TRANSPORT: undefined, SMTP_URL: undefined }, 'EMAIL_TRANSPORT'],
    ['Clerk partial: no JWT key', without('CLERK_JWT_KEY'), 'CLERK_JWT_KEY'],
    ['Clerk partial: no publishable key', without('CLERK_PUBLISHABLE_KEY'), 'CLERK_PUBLISHABLE_KEY'],
    ['a plain-http PUBLIC_URL', { ...SAFE_PRODUCTION, PUBLIC_URL: 'http://systemsculpt.example' }, 'PUBLIC_URL'],
    ['PUBLIC_URL left at its local default', without('PUBLIC_URL'), 'PUBLIC_URL'],
    ['real Clerk beside the Stripe emulator', without('STRIPE_SECRET_KEY'), 'STRIPE_SECRET_KEY'],
    [
      'real Stripe beside the local sign-in',
      { ...SAFE_PRODUCTION, CLERK_PUBLISHABLE_KEY: undefined, CLERK_SECRET_KEY: undefined, CLERK_JWT_KEY: undefined },
      'CLERK_SECRET_KEY',
    ],
    [
      "the emulator's webhook address",
      { ...SAFE_PRODUCTION, STRIPE_EMULATOR_WEBHOOK_URL: 'https://systemsculpt.example/webhooks/stripe' },
      'STRIPE_EMULATOR_WEBHOOK_URL',
    ],
    ["the emulator's address for workers", { ...SAFE_PRODUCTION, STRIPE_EMULATOR_URL: 'http://api:3000' }, 'STRIPE_EMULATOR_URL'],
    ["the emulator's seller country", { ...SAFE_PRODUCTION, STRIPE_EMULATOR_TAX_ORIGIN: 'DE' }, 'STRIPE_EMULATOR_TAX_ORIGIN'],
    ["the emulator's tax registrations", { ...SAFE_PRODUCTION, STRIPE_EMULATOR_TAX_REGISTRATIONS: 'DE' }, 'STRIPE_EMULATOR_TAX_REGISTRATIONS'],
    ['SELLER_NAME missing', without('SELLER_NAME'), 'SELLER_NAME'],
    ['SELLER_ADDRESS missing', without('SELLER_ADDRESS'), 'SELLER_ADDRESS'],
    ["the local sign-in's admins", { ...SAFE_PRODUCTION, LOCAL_ADMIN_EMAILS: 'ops@example.com' }, 'LOCAL_ADMIN_EMAILS'],
  ];
  it.each(unsafe)('refuses %s, in one line naming %s', (_what, env, variable) => {
    const lines = refusal(env);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^(Refusing to start in production|Invalid configuration): ${variable}[:=]`));
  });

  it("finds the issue's deploy unsafe without NODE_ENV: real Stripe and Clerk keys, email left to the outbox", () => {
    const { NODE_ENV: _unset, ...deploy } = SAFE_PRODUCTION;
    expect(refusal({ ...deploy, EMAIL_TRANSPORT: undefined, SMTP_URL: undefined })).toEqual([
      expect.stringMatching(/^Refusing to start in production: EMAIL_TRANSPORT: /),
    ]);
  });

  it('with nothing but NODE_ENV=production, names every variable still needed, one per line', () => {
    expect(refusal({ NODE_ENV: 'production' }).map((line) => /^Refusing to start in production: (\w+)/.exec(line)?.[1])).toEqual([
      'STRIPE_SECRET_KEY',
      'CLERK_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SITE_TOKEN_SECRET',
      'EMAIL_TRANSPORT',
      'PUBLIC_URL',
      'SELLER_NAME',
      'SELLER_ADDRESS',
    ]);
  });
});
