import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every defineEvent in the backend, as `export const Name = defineEvent({ type: 'Name', … })`. */
function definitions(): { file: string; constant: string; type: string | undefined }[] {
  const root = join(__dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
  return files.flatMap((file) => {
    const source = readFileSync(join(root, file), 'utf8');
    return [...source.matchAll(/const (\w+) = defineEvent\(\{\s*type:\s*'([^']*)'/g)].map((m) => ({ file, constant: m[1]!, type: m[2] }));
  });
}

describe('event type names', () => {
  it('are stored exactly as the TypeScript constant is named', () => {
    const found = definitions();
    expect(found.length).toBeGreaterThan(0);
    for (const { file, constant, type } of found) expect({ file, type }).toEqual({ file, type: constant });
  });

  it('are unique across the backend', () => {
    const types = definitions().map((d) => d.type);
    expect(new Set(types).size).toBe(types.length);
  });
});
