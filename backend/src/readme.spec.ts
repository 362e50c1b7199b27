import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, configSchema, type AppConfig } from './platform/config/config.schema';
import { CATALOG_CHANGES_CHANNEL } from './platform/database/catalog-changes';
import { libraryDist } from './modules/library';

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the README', () => {
  describe("environment tables: the configuration schema's names and defaults", () => {
    const rows = variableRows(README);
    const documented = rows.filter((row) => !row.name.includes('*'));

    it('names every variable the schema reads, once, and none it does not', () => {
      expect(documented.map((row) => row.name).sort()).toEqual([...CONFIG_VARIABLES].sort());
    });

    it.each(documented.map((row) => [row.name, row.default] as const))("gives %s the schema's default (%s)", (name, written) => {
      expect(written).toBe(defaultAsWritten(name, written));
    });

    it('points its summary rows (STORAGE_*, LIBRARY_*) at variables that exist', () => {
      for (const row of rows.filter((r) => r.name.includes('*'))) {
        const prefix = row.name.replace('*', '');
        expect(CONFIG_VARIABLES.filter((name) => name.startsWith(prefix)).length).toBeGreaterThan(0);
      }
    });

    it('lists in the production table only variables the schema reads', () => {
      for (const name of tableNames(README, 'Production value')) {
        if (name.includes('*')) expect(CONFIG_VARIABLES.some((v) => v.startsWith(name.replace('*', '')))).toBe(true);
        else expect(CONFIG_VARIABLES).toContain(name);
      }
    });
  });

  it('names every module under backend/src/modules in the layout', () => {
    const listed = /`modules\/<capability>\/` \(([^)]*)\)/.exec(README.replace(/\s+/g, ' '))?.[1]?.split(', ') ?? [];
    const modules = readdirSync(join(ROOT, 'backend', 'src', 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...listed].sort()).toEqual(modules.sort());
  });

  it('names every benchmark in bench/, each with its npm script', () => {
    const benches = readdirSync(join(ROOT, 'bench'))
      .filter((file) => file.endsWith('.bench.mjs'))
      .map((file) => file.replace('.bench.mjs', ''));
    const listed = /Benchmarks live in `bench\/` \(([^)]*)\)/.exec(README.replace(/\s+/g, ' '))?.[1] ?? '';
    for (const bench of benches) {
      expect(scripts[`bench:${bench}`]).toContain(`node bench/${bench}.bench.mjs`);
      expect(listed).toContain(`\`bench:${bench}\``);
    }
  });

  it.each(['README.md', 'library/README.md'])(
    '%s shows only commands that run on the Node it requires: npm scripts or the wrapper, never a bare node or npx',
    (file) => {
      const spans = codeSpans(readFileSync(join(ROOT, file), 'utf8'));
      expect(spans.filter((span) => /^(node|npx) /.test(span))).toEqual([]);
      for (const span of spans) {
        const script = /^npm (?:run ([\w:-]+)|(start|test))\b/.exec(span);
        if (!script) continue;
        const name = script[1] ?? script[2]!;
        expect(scripts[name]).toBeDefined();
        if (scripts[name]!.startsWith('npm run ')) continue;
        expect([name, scripts[name]!.startsWith('sh scripts/with-node24.sh ')]).toEqual([name, true]);
      }
    },
  );

  it("states the proxy's failure rule as deploy/nginx.conf sets it", () => {
    const conf = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8').replace(/#.*$/gm, '');
    const setting = (pattern: RegExp) => pattern.exec(conf)?.[1];
    const proxy = /\*\*The proxy\*\*([\s\S]*?)\n- \*\*/.exec(README)?.[1]?.replace(/\s+/g, ' ') ?? '';
    expect(setting(/proxy_next_upstream\s+([^;]+);/)).toBe('error timeout');
    expect(proxy).toContain('a connection error or a timeout');
    expect(proxy).toContain(`${setting(/proxy_connect_timeout\s+(\d+)s;/)} s to connect`);
    expect(proxy).toContain(`${setting(/proxy_read_timeout\s+(\d+)s;/)} s for the answer's headers`);
    expect(proxy).toContain(`up to ${setting(/proxy_next_upstream_tries\s+(\d+);/)} replicas in all`);
    expect(setting(/max_fails=(\d+)/)).toBe('2');
    const failTimeout = setting(/fail_timeout=(\d+)s/);
    expect(proxy).toContain(`twice within ${failTimeout} s is left out for the next ${failTimeout} s`);
  });

  it("says what Docker Compose's Redis keeps", () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: { redis: { command?: string[] } } };
    const appendOnly = (compose.services.redis.command ?? []).join(' ').includes('--appendonly yes');
    expect(README.includes("Docker Compose's Redis writes an append-only file")).toBe(appendOnly);
  });

  it("names the catalog trigger's channel as the code does, everywhere", () => {
    const mentioned = [...README.matchAll(/`(catalog_change\w*)`/g)].map((match) => match[1]);
    expect(mentioned.length).toBeGreaterThan(1);
    expect(new Set(mentioned)).toEqual(new Set([CATALOG_CHANGES_CHANNEL]));
  });
});

interface VariableRow {
  name: string;
  default: string;
}

/** Every `| Variable | Default | Meaning |` row, a row naming several variables split into one each. */
function variableRows(markdown: string): VariableRow[] {
  return tableRows(markdown, 'Default').flatMap(([names, defaults]) => {
    const nameList = splitCell(names!);
    const defaultList = names!.includes(' / ') ? defaults!.split(' / ').map((d) => d.trim()) : nameList.map(() => defaults!.trim());
    return nameList.map((name, index) => ({ name, default: defaultList[index]! }));
  });
}

function tableNames(markdown: string, secondColumn: string): string[] {
  return tableRows(markdown, secondColumn).flatMap(([names]) => splitCell(names!));
}

/** The cells of each body row of every table whose header is `| Variable | <secondColumn> | …`. */
function tableRows(markdown: string, secondColumn: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    const cells = line.startsWith('|')
      ? line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim())
      : null;
    if (!cells) inTable = false;
    else if (cells[0] === 'Variable') inTable = cells[1] === secondColumn;
    else if (inTable && !/^-+$/.test(cells[0]!)) rows.push(cells);
  }
  return rows;
}

function splitCell(cell: string): string[] {
  return [...cell.matchAll(/`([A-Z0-9_*]+)`/g)].map((match) => match[1]!);
}

function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

/**
 * The schema's default for `name`, written as the README writes it: `unset`, `empty`, or the value
 * in backticks; a default derived from another variable (`<PORT>`) is checked with that variable
 * at a sample value and written with its name.
 */
function defaultAsWritten(name: string, written: string): string {
  const derived = /<([A-Z_]+)>/.exec(written)?.[1];
  if (derived) {
    const sample = derived === 'PORT' ? '4321' : 'sample-dir';
    const config = configSchema.parse({ [derived]: sample });
    const value = name === 'LIBRARY_DIST' ? libraryDist(config) : String(config[name as keyof AppConfig]);
    return `\`${value.replace(sample, `<${derived}>`)}\``;
  }
  const value: unknown = configSchema.parse({})[name as keyof AppConfig];
  if (value === undefined) return 'unset';
  if (value === '' || (Array.isArray(value) && value.length === 0)) return 'empty';
  return `\`${String(value)}\``;
}
