import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

export default defineConfig({
  // the build writes brotli and gzip twins of its files; the server sends them (static-web.ts)
  plugins: [react(), precompressPlugin()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/authenticateJwt': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the manifest maps every route's screen to its chunks (scripts/chunk-sizes.ts reads it)
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure rules without I/O: a screen that uses one of its rules must not
        // pull in the others (the zod schemas and decimal.js stay out of the login route)
        moduleSideEffects: [{ test: /packages\/domain\/src\//, sideEffects: false }],
        manualPureFunctions: [
          'z',
          'z.string',
          'z.object',
          'z.enum',
          'z.number',
          'z.array',
          'z.union',
          'z.literal',
          'z.boolean',
          'z.coerce',
        ],
      },
    },
  },
});
