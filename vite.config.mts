import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { markdownPages } from './frontend/build/markdown-pages';
import { zodWithoutJsonSchema } from './frontend/build/zod-without-json-schema';
import { contractsWithoutSchemas } from './frontend/build/contracts-without-schemas';
import { iconSprite } from './frontend/build/icon-sprite';

const contractsDir = fileURLToPath(new URL('./contracts/', import.meta.url));
const browserZod = fileURLToPath(new URL('./frontend/src/lib/zod-browser.ts', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'frontend',
  publicDir: 'public',
  plugins: [
    markdownPages(),
    zodWithoutJsonSchema(),
    contractsWithoutSchemas(contractsDir, browserZod),
    iconSprite({
      sourceDir: fileURLToPath(new URL('./frontend/src/', import.meta.url)),
      runtime: fileURLToPath(new URL('./frontend/src/components/ui/sprite-icon.tsx', import.meta.url)),
    }),
    tanstackRouter({
      target: 'react',
      // Relative to `root` (frontend/).
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      autoCodeSplitting: true,
      // A route's loader goes with its component: what a page fetches (its queries and contracts)
      // loads with that page, never with every other page's entry.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: [{ find: /^@contracts\//, replacement: contractsDir }, ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: browserZod }])],
  },
  build: isSsrBuild
    ? {
        outDir: '../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: 'entry-server.mjs', format: 'es' } },
      }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        manifest: true,
        // Every browser we support preloads modules natively.
        modulePreload: { polyfill: false },
        // The entry carries React, the router, Query, the shell and every route's definition (no
        // zod: see contracts-without-schemas): ~390 kB minified, ~123 kB gzipped. Routes' pages are
        // split out of it.
        chunkSizeWarningLimit: 420,
        rollupOptions: {
          input: 'src/entry-client.tsx',
          // Everything the entry imports goes in the entry (one request, one gzip context) rather
          // than in a dozen shared chunks that every page fetches anyway.
          output: { codeSplitting: { groups: [{ name: 'entry', tags: ['$initial'] }] } },
        },
      },
  ssr: { noExternal: [/^@radix-ui\//] },
}));
