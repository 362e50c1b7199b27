import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface NestCli {
  sourceRoot: string;
  entryFile: string;
  compilerOptions: { builder: { type: string; options: { swcrcPath: string; outDir: string } } };
  projects: Record<string, { sourceRoot: string; entryFile: string }>;
}

const nestCli = JSON.parse(readFileSync(join(ROOT, 'nest-cli.json'), 'utf8')) as NestCli;
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const { options } = nestCli.compilerOptions.builder;
const entries = [nestCli, ...Object.values(nestCli.projects)];

describe('nest-cli.json (what scripts/build.mjs does, said the Nest way)', () => {
  it('builds with swc from .swcrc, as scripts/build.mjs does', () => {
    expect(nestCli.compilerOptions.builder.type).toBe('swc');
    expect(options.swcrcPath).toBe('.swcrc');
    expect(readFileSync(join(ROOT, 'scripts/build.mjs'), 'utf8')).toContain(`'-d', '${options.outDir}', '--config-file', '${options.swcrcPath}'`);
  });

  it('names entry files that exist, and whose output is what package.json runs', () => {
    for (const entry of entries) {
      expect(existsSync(join(ROOT, entry.sourceRoot, `${entry.entryFile}.ts`))).toBe(true);
      const output = `node ${options.outDir}/${entry.sourceRoot}/${entry.entryFile}.js`;
      expect(Object.values(scripts).some((script) => script.includes(output))).toBe(true);
    }
  });
});
