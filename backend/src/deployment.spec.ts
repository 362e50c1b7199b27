import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number };
  networks?: Record<string, { ipv4_address?: string } | null>;
  healthcheck?: { test?: string[] };
}

/** An nginx config's statements (comments dropped), each as [directive, ...arguments]. */
function nginxStatements(text: string): string[][] {
  return text
    .replace(/#.*$/gm, '')
    .split(/[;{}]/)
    .map((statement) => statement.trim().split(/\s+/))
    .filter((words) => words[0]);
}

const ipv4 = (address: string) => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
function inSubnet(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base!) / size);
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }>;
  };
  const { api, worker, proxy } = compose.services as Record<'api' | 'worker' | 'proxy', Service>;
  const apiConfig = loadConfig(api.environment);

  it('brings up postgres, redis, the api, the worker and a reverse proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'proxy', 'redis', 'worker']);
    expect(api.build).toBe('.');
    expect(worker.build).toBe('.');
  });

  it('gives api and worker environments that start (the embedded stand-ins, not production), with their roles', () => {
    for (const [service, role] of [
      [api, 'api'],
      [worker, 'worker'],
    ] as const) {
      const config = loadConfig(service.environment);
      expect(isProductionMode(config)).toBe(false);
      expect(config.ROLE).toBe(role);
      expect(new URL(config.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(config.REDIS_URL).hostname).toBe('redis');
    }
  });

  it("has the worker read Checkout Sessions from the api's emulator, since PUBLIC_URL's localhost is the worker's own container", () => {
    expect(new URL(loadConfig(worker.environment).STRIPE_EMULATOR_URL ?? 'http://missing').host).toBe('api:3000');
  });

  it("overrides the image's production mode on purpose: the Dockerfile sets NODE_ENV=production", () => {
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/^ENV NODE_ENV=production$/m);
    expect(api.environment!.NODE_ENV).toBe('development');
  });

  describe('the reverse proxy in front of the api replicas', () => {
    const mount = (proxy.volumes ?? []).find((volume) => volume.endsWith(':/etc/nginx/conf.d/default.conf:ro'));
    const confPath = join(ROOT, mount?.split(':')[0] ?? 'missing');
    const statements = existsSync(confPath) ? nginxStatements(readFileSync(confPath, 'utf8')) : [];
    const all = (directive: string) => statements.filter((words) => words[0] === directive).map((words) => words.slice(1));

    it('runs several api replicas with no port of their own: the proxy alone publishes the port PUBLIC_URL names', () => {
      expect(api.deploy?.replicas).toBeGreaterThanOrEqual(2);
      expect(api.ports).toBeUndefined();
      expect(worker.ports).toBeUndefined();
      const [published, inside] = (proxy.ports ?? [])[0]!.split(':');
      expect(Number(published)).toBe(Number(new URL(apiConfig.PUBLIC_URL).port));
      expect(all('listen')).toEqual([[inside]]);
    });

    it('is the official nginx image, at a version whose open-source upstreams follow DNS (resolve, 1.27.3 and later)', () => {
      const [, major, minor] = /^nginx:(\d+)\.(\d+)/.exec(proxy.image ?? '') ?? [];
      expect(Number(major) * 1000 + Number(minor)).toBeGreaterThanOrEqual(1028);
    });

    it("sends every request to the api service's replicas, found again through Docker's DNS as they come and go", () => {
      expect(mount).toBeDefined();
      expect(statements.length).toBeGreaterThan(0);
      expect(all('resolver')[0]?.[0]).toBe('127.0.0.11');
      const upstream = all('upstream')[0]?.[0];
      const servers = all('server').filter((args) => args[0]?.includes(':'));
      expect(servers).toEqual([expect.arrayContaining([`api:${apiConfig.PORT}`, 'resolve'])]);
      expect(all('zone')[0]?.[0]).toBe(upstream);
      expect(all('proxy_pass')).toEqual([[`http://${upstream}`]]);
    });

    it('sets the forwarded headers the api reads, overwriting any X-Forwarded-For the client sent', () => {
      const headers = new Map(all('proxy_set_header').map(([name, value]) => [name!.toLowerCase(), value]));
      expect(headers.get('x-forwarded-for')).toBe('$remote_addr');
      expect(headers.get('x-forwarded-proto')).toBe('$scheme');
      // With its port: the api compares a POST's Origin with Host (server-fn/same-origin.ts).
      expect(headers.get('host')).toBe('$http_host');
      expect(statements.flat()).not.toContain('$proxy_add_x_forwarded_for');
    });

    it("has the api trust X-Forwarded-For from the proxy's fixed address alone, inside the project's network", () => {
      const address = proxy.networks?.default?.ipv4_address;
      const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
      expect(address).toBeDefined();
      expect(apiConfig.TRUST_PROXY).toEqual([address]);
      expect(inSubnet(address!, subnet!)).toBe(true);
    });

    it('starts once the api replicas are healthy (/readyz), and is healthy itself when the site answers through it', () => {
      expect(api.healthcheck?.test?.join(' ')).toContain(`127.0.0.1:${apiConfig.PORT}/readyz`);
      expect(proxy.depends_on?.api?.condition).toBe('service_healthy');
      const [, inside] = (proxy.ports ?? [])[0]!.split(':');
      expect(proxy.healthcheck?.test?.join(' ')).toContain(`127.0.0.1:${inside}/readyz`);
    });
  });

  // Where the docker client has the compose plugin, its own validation must pass too.
  (composeAvailable() ? it : it.skip)('passes docker compose config', () => {
    execFileSync('docker', ['compose', 'config', '-q'], { cwd: ROOT, stdio: 'pipe' });
  });
});
