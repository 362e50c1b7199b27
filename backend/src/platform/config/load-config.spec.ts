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

  it('names the variable, its value and the problem', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', REDIS_URL: 'localhost:6379' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^PORT="eighty": /);
      expect(problems[1]).toMatch(/^REDIS_URL="localhost:6379": must be a URL starting with redis:\/\/ or rediss:\/\//);
    }
  });

  it('refuses an unknown ROLE', () => {
    expect(() => loadConfig({ ROLE: 'both' })).toThrow(/ROLE="both"/);
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
      expect(() => loadConfig({ STORAGE_S3_BUCKET: 'No_Such Bucket' })).toThrow(/STORAGE_S3_BUCKET="No_Such Bucket": an S3 bucket name/);
    });
  });
});
