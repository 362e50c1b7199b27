import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { configSchema } from './config/config.schema';

const ROOT = join(__dirname, '..', '..');

function composeAvailable(): boolean {
  try {
    execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; depends_on?: object; build?: string }>;
  };

  it('brings up postgres, redis, api and worker', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);
    expect(compose.services.api!.build).toBe('.');
    expect(compose.services.worker!.build).toBe('.');
  });

  it('gives api and worker environments the config schema accepts, with their roles', () => {
    for (const [name, role] of [['api', 'api'], ['worker', 'worker']] as const) {
      const config = configSchema.parse(compose.services[name]!.environment);
      expect(config.ROLE).toBe(role);
      expect(new URL(config.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(config.REDIS_URL).hostname).toBe('redis');
    }
  });

  // Where the docker client has the compose plugin, its own validation must pass too.
  (composeAvailable() ? it : it.skip)('passes docker compose config', () => {
    execFileSync('docker', ['compose', 'config', '-q'], { cwd: ROOT, stdio: 'pipe' });
  });
});
