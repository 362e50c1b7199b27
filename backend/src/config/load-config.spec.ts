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
});
