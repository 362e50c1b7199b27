import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The router's asset manifest: the client entry, what it imports, and its stylesheets. */
export interface RouterAssetManifest {
  routes: Record<string, { css?: string[]; preloads?: string[]; scripts?: { attrs: Record<string, string | boolean> }[] }>;
}

export function readClientManifest(clientDir: string): RouterAssetManifest {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  const chunks = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteManifestChunk>;
  const entry = Object.values(chunks).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${manifestPath} has no entry chunk`);
  const imported = (entry.imports ?? []).map((key) => chunks[key]).filter((c): c is ViteManifestChunk => !!c);
  const css = [...(entry.css ?? []), ...imported.flatMap((c) => c.css ?? [])];
  return {
    routes: {
      __root__: {
        css: [...new Set(css)].map((file) => `/${file}`),
        preloads: imported.map((chunk) => `/${chunk.file}`),
        scripts: [{ attrs: { type: 'module', src: `/${entry.file}`, async: true } }],
      },
    },
  };
}
