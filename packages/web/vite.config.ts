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
      output: {
        codeSplitting: {
          groups: [
            // everything the entry imports statically, in one chunk beside it, not a score of small
            // shared chunks (each a request, each compressed on its own)
            { name: 'app-shell', tags: ['$initial'] },
          ],
        },
      },
      treeshake: {
        // packages/domain is pure rules without I/O: a screen that uses one of its rules must not
        // pull in the others (the zod schemas and decimal.js stay out of the login route)
        // The same for the web's features and shared modules: a screen that takes one export of a
        // feature's index.ts must not pull in (and run) the feature's other modules. The two stores
        // subscribe to the api client as they load, so they keep their side effects.
        moduleSideEffects: [
          { test: /packages\/web\/src\/shared\/(session\/session|toast\/toast)-store\.ts$/, sideEffects: true },
          { test: /packages\/domain\/src\//, sideEffects: false },
          { test: /packages\/web\/src\/(features|shared)\//, sideEffects: false },
        ],
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
