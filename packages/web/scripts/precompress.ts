/**
 * Precompression of the build: every text file of the output (scripts, styles, index.html, JSON,
 * SVG) of at least 1 KB gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside
 * it, which the server sends to browsers that accept them (packages/server/src/platform/http/
 * static-web.ts), so nothing is compressed per request. A twin that would not be smaller is not
 * written. Used by vite.config.ts as a build plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
export const compressMinBytes = 1024;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // the build manifest is read by tools, never served
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') out.push(...filesUnder(full));
    } else out.push(full);
  }
  return out;
}

/** Writes the .br and .gz twins of every compressible file under `dir`; answers how many files. */
export async function precompressDir(dir: string): Promise<number> {
  const files = filesUnder(dir).filter((file) => compressible.test(file));
  let count = 0;
  for (const file of files) {
    const content = fs.readFileSync(file);
    if (content.length < compressMinBytes) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'lm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
