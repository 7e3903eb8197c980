// Write .br and .gz beside every compressible file of the build (run after `vite build`).
// WhiteNoise serves the smallest sibling the browser accepts, so the server never compresses
// static files per request, and they get Brotli at its highest quality, too slow to do live.
// Usage: node scripts/compress-assets.mjs [dist]
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Text formats only: pictures and fonts are compressed already. Source maps are left out (only
// developer tools load them).
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml']);

const ENCODERS = {
  '.br': (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  '.gz': (data) => gzipSync(data, { level: 9 }),
};

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the manifest, which Django reads from disk; no browser asks for it.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

function compressAssets(dist) {
  let written = 0;
  for (const path of files(dist)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const data = readFileSync(path);
    for (const [suffix, encode] of Object.entries(ENCODERS)) {
      const compressed = encode(data);
      // Like WhiteNoise's own compressor: a sibling that saves under 5% is not worth a header.
      if (compressed.length < data.length * 0.95) {
        writeFileSync(path + suffix, compressed);
        written += 1;
      } else {
        rmSync(path + suffix, { force: true }); // a stale one from an earlier run
      }
    }
  }
  return written;
}

const dist = process.argv[2] ?? 'dist';
console.log(`compress-assets: ${compressAssets(dist)} .br/.gz files written in ${dist}`);
