import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { markdownPages } from './frontend/build/markdown-pages';
import { zodWithoutJsonSchema } from './frontend/build/zod-without-json-schema';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'frontend',
  publicDir: 'public',
  plugins: [
    markdownPages(),
    zodWithoutJsonSchema(),
    tanstackRouter({
      target: 'react',
      // Relative to `root` (frontend/).
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: [
      { find: /^@contracts\//, replacement: fileURLToPath(new URL('./contracts/', import.meta.url)) },
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: fileURLToPath(new URL('./frontend/src/lib/zod-browser.ts', import.meta.url)) }]),
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
        // The entry carries React, the router, Query and zod (the contracts validate on both sides):
        // ~500 kB minified, ~156 kB gzipped. Routes are split out of it.
        chunkSizeWarningLimit: 560,
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  // The server renderer carries its own React, production build, like the browser's bundle: under
  // the app's NODE_ENV (development on a laptop and in the benches) the development build renders
  // pages about three times slower, and server and browser would differ. So every dependency is
  // bundled, with NODE_ENV fixed at build time.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true },
}));
