import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'frontend',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'frontend/src/routes',
      generatedRouteTree: 'frontend/src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      autoCodeSplitting: false,
    }),
    react(),
    tailwindcss(),
  ],
  build: isSsrBuild
    ? {
        outDir: '../dist/server',
        emptyOutDir: true,
        ssr: 'src/entry-server.tsx',
        rollupOptions: { output: { entryFileNames: 'entry-server.mjs', format: 'es' } },
      }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  ssr: { noExternal: [/^@radix-ui\//] },
}));
