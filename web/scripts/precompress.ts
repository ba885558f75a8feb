/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each built text asset, so that the
 * server sends them as they are (adapters/http/web_app.py) instead of compressing a file
 * on its first request in each process: brotli's best level takes a second or more for
 * the library chunk on a busy box, and that first visitor waited for it.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024; // the server sends smaller files as they are

export function precompress() {
  let outDir = '';
  return {
    name: 'amora-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = resolve(config.root, config.build.outDir, 'assets');
    },
    closeBundle() {
      for (const name of readdirSync(outDir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const data = readFileSync(join(outDir, name));
        if (data.length < MIN_BYTES) continue;
        writeFileSync(join(outDir, `${name}.br`), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(outDir, `${name}.gz`), gzipSync(data, { level: 9 }));
      }
    },
  };
}
