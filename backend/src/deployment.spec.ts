import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from './platform/config/load-config';
import { isProductionMode } from './platform/config/production-mode';

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

  it('gives api and worker environments that start (the embedded stand-ins, not production), with their roles', () => {
    for (const [name, role] of [
      ['api', 'api'],
      ['worker', 'worker'],
    ] as const) {
      const config = loadConfig(compose.services[name]!.environment);
      expect(isProductionMode(config)).toBe(false);
      expect(config.ROLE).toBe(role);
      expect(new URL(config.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(config.REDIS_URL).hostname).toBe('redis');
    }
  });

  it("overrides the image's production mode on purpose: the Dockerfile sets NODE_ENV=production", () => {
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/^ENV NODE_ENV=production$/m);
    expect(compose.services.api!.environment!.NODE_ENV).toBe('development');
  });

  // Where the docker client has the compose plugin, its own validation must pass too.
  (composeAvailable() ? it : it.skip)('passes docker compose config', () => {
    execFileSync('docker', ['compose', 'config', '-q'], { cwd: ROOT, stdio: 'pipe' });
  });
});
