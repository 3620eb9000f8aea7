import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // packages/shared is constants and zod schemas with no side effects; without this hint every
        // `z.object(...)` at module level would keep all of zod in the login page's bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    // ws: the live channel (/api/ws) goes through the same proxy.
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});
