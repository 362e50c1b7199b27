import { CONFIG_VARIABLES, configSchema } from './config.schema';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('gives the embedded local defaults for an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      ROLE: 'all',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/sculpt',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
    });
  });

  it('coerces numbers and reads booleans', () => {
    expect(loadConfig({ PORT: '8080', LOG_PRETTY: 'true' })).toMatchObject({ PORT: 8080, LOG_PRETTY: true });
  });

  it('names the variable and the problem, never the value', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', REDIS_URL: 'localhost:6379' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^PORT: /);
      expect(problems[1]).toBe('REDIS_URL: must be a URL starting with redis:// or rediss://');
      expect((error as ConfigError).message).not.toMatch(/eighty|localhost:6379/);
    }
  });

  it('does not print a malformed secret: STRIPE_SECRET_KEY names the problem, not the key', () => {
    const key = 'rk_live_51NotAKeyWeAccept0123456789';
    expect(() => loadConfig({ STRIPE_SECRET_KEY: key })).toThrow(/^Invalid configuration: STRIPE_SECRET_KEY: a Stripe secret key such as sk_live_…$/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: key })).not.toThrow(/rk_live|51NotAKey/);
  });

  it.each(CONFIG_VARIABLES)('never echoes a refused value of %s', (name) => {
    for (const value of refusedValues) {
      const result = configSchema.safeParse({ ...completeClerk, [name]: value });
      if (result.success) continue;
      const printed = (() => {
        try {
          loadConfig({ ...completeClerk, [name]: value });
        } catch (error) {
          return (error as Error).message;
        }
        return '';
      })();
      expect(printed).toMatch(/^Invalid configuration: /);
      expect(printed).not.toContain(SENTINEL);
    }
  });

  it('moves PUBLIC_URL with PORT when PUBLIC_URL is unset, and keeps an explicit one', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '0' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://systemsculpt.example' }).PUBLIC_URL).toBe('https://systemsculpt.example');
  });

  it('refuses an unknown ROLE', () => {
    expect(() => loadConfig({ ROLE: 'both' })).toThrow('Invalid configuration: ROLE: Invalid option: expected one of "all"|"api"|"worker"');
    expect(() => loadConfig({ ROLE: 'both' })).not.toThrow(/both/);
  });
  describe('storage', () => {
    it('keeps files on disk under var/storage by default', () => {
      expect(loadConfig({})).toMatchObject({ STORAGE_DRIVER: 'disk', STORAGE_DIR: 'var/storage', LIBRARY_LINK_TTL_SECONDS: 600 });
    });

    it('s3 needs a bucket and a region, each named', () => {
      try {
        loadConfig({ STORAGE_DRIVER: 's3' });
        throw new Error('accepted');
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          expect.stringMatching(/^STORAGE_S3_BUCKET: required when STORAGE_DRIVER=s3/),
          expect.stringMatching(/^STORAGE_S3_REGION: required when STORAGE_DRIVER=s3/),
        ]);
      }
    });

    it('s3 takes an endpoint, path-style addressing and both keys or neither', () => {
      expect(
        loadConfig({
          STORAGE_DRIVER: 's3',
          STORAGE_S3_BUCKET: 'sculpt-files',
          STORAGE_S3_REGION: 'eu-west-1',
          STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
          STORAGE_S3_FORCE_PATH_STYLE: 'true',
        }),
      ).toMatchObject({ STORAGE_S3_FORCE_PATH_STYLE: true });
      expect(() =>
        loadConfig({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'sculpt-files', STORAGE_S3_REGION: 'eu-west-1', STORAGE_S3_ACCESS_KEY_ID: 'AKIA' }),
      ).toThrow(/STORAGE_S3_SECRET_ACCESS_KEY: set both/);
      expect(() => loadConfig({ STORAGE_S3_BUCKET: 'No_Such Bucket' })).toThrow(/STORAGE_S3_BUCKET: an S3 bucket name/);
    });
  });
});

const SENTINEL = 'Zq9SENTINEL';
/** Values each variable's rule refuses in some way: malformed, too short, too long, a bad list entry. */
const refusedValues = [
  `rk_live_${SENTINEL}`,
  `${SENTINEL} with spaces`,
  `x${SENTINEL}`.padEnd(200, 'x'),
  `loopback,${SENTINEL}`,
  `pk_live_${SENTINEL}`,
  `whsec-${SENTINEL}`,
  `http//${SENTINEL}`,
];
/** With a complete Clerk set, a refused Clerk key fails on its own rule, not on the others missing. */
const completeClerk = {
  CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`,
  CLERK_SECRET_KEY: 'sk_test_0123456789',
  CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
};
