import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

// Zod's classic schemas import its JSON Schema generator (about 17 KB minified) though the browser
// never asks a schema for JSON Schema. In the browser build those two modules become stand-ins
// with the same exports, whose methods throw if anyone ever calls them.
const LEFT_OUT = ['/node_modules/zod/v4/core/to-json-schema.js', '/node_modules/zod/v4/core/json-schema-processors.js'];

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: (_config, env) => !env.isSsrBuild,
    async load(id) {
      const file = id.split('?')[0]!;
      const specifier = LEFT_OUT.find((suffix) => file.endsWith(suffix));
      if (!specifier) return null;
      // tsc-emitted ES modules: `export function f`, `export const c`, `export { a as b }`. A name
      // missed here fails the build (a missing export), never the browser.
      const source = await readFile(file, 'utf8');
      const functions: string[] = [...source.matchAll(/^export (?:async )?function\*? ?(\w+)/gm)].map((m) => m[1]!);
      const bindings = [...source.matchAll(/^export (?:const|let|var) (\w+) = (.)/gm)];
      const objects = bindings.filter((m) => m[2] === '{' || m[2] === '[').map((m) => m[1]!);
      functions.push(...bindings.filter((m) => !objects.includes(m[1]!)).map((m) => m[1]!));
      const aliases = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((part) =>
            part
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          )
          .filter(Boolean),
      );
      const lines = [
        `const message = ${JSON.stringify(`zod${specifier.replace('/node_modules/zod', '')} is left out of the browser build (see frontend/build/zod-without-json-schema.mts)`)};`,
        'const unavailable = () => { throw new Error(message); };',
        ...[...functions, ...aliases].map((name) => `export const ${name} = () => unavailable;`),
        ...objects.map((name) => `export const ${name} = {};`),
      ];
      return lines.join('\n');
    },
  };
}
