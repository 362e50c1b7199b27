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
    alias: [
      { find: /^@contracts\//, replacement: contractsDir },
      // React 19 has useSyncExternalStore: the shim for React 17 and older (TanStack Store's choice) is dead weight.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: browserZod }]),
    ],
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
  // The server renderer carries its own React, production build, like the browser's bundle: under
  // the app's NODE_ENV (development on a laptop and in the benches) the development build renders
  // pages about three times slower, and server and browser would differ. So every dependency is
  // bundled, with NODE_ENV fixed at build time.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true },
}));
