import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** Two instances starting from one folder must never serve each other's half-written file. */
function writeAtomically(file: string, content: Buffer) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** A compressed copy made from the file as it is now (a file changed in place gets new copies). */
const isFresh = (copy: string, file: string) => existsSync(copy) && statSync(copy).mtimeMs >= statSync(file).mtimeMs;

/**
 * Writes a .br and a .gz beside every compressible file of the built web app that lacks them (or
 * whose copies are older than the file), so @fastify/static (`preCompressed`) can send the smaller
 * one: the entry JavaScript gets much smaller, which matters most on a phone (docs/benchmarks.md).
 * Done once per build; a read-only folder just means uncompressed answers.
 */
export function precompressWebAssets(webDist: string, log: { warn: (object: unknown, message: string) => void }) {
  const walk = (directory: string): string[] =>
    readdirSync(directory).flatMap((entry) => {
      const full = path.join(directory, entry);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  try {
    for (const file of walk(webDist)) {
      if (!compressible.test(file) || statSync(file).size < 1024) continue;
      if (isFresh(`${file}.br`, file) && isFresh(`${file}.gz`, file)) continue;
      const content = readFileSync(file);
      // The highest quality: slow to write once per build, smaller on every phone that loads it.
      const brotli = brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      writeAtomically(`${file}.br`, brotli);
      writeAtomically(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  } catch (error) {
    log.warn({ err: error }, 'web assets not precompressed; they are served uncompressed');
  }
}
