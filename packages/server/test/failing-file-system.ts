import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

/**
 * Preloaded into a spawned server (`node --import tsx --import ./test/failing-file-system.ts`) by
 * the start-up tests where they cannot mount a read-only or a full file system (not root, or no
 * mount in the container). Makes the files under FAIL_WRITES_UNDER fail the way that file system
 * would, with FAIL_WRITES_WITH:
 * - EROFS: creating or writing anything there fails, as on a read-only mount;
 * - ENOSPC: small files are written (a nearly full disk still takes the secret and the lock), but
 *   writes through file descriptors, which is how PGlite writes its database, fail, as on a full tmpfs.
 */
const directory = path.resolve(process.env.FAIL_WRITES_UNDER ?? '/nonexistent');
const code = process.env.FAIL_WRITES_WITH;
const descriptions: Record<string, string> = { EROFS: 'read-only file system', ENOSPC: 'no space left on device' };
const errnos: Record<string, number> = { EROFS: -30, ENOSPC: -28 };

function isUnder(target: unknown) {
  if (typeof target !== 'string') return false;
  const resolved = path.resolve(target);
  return resolved === directory || resolved.startsWith(directory + path.sep);
}

function failure(syscall: string, target?: string) {
  const error = new Error(`${code}: ${descriptions[code!]}, ${syscall}${target ? ` '${target}'` : ''}`);
  return Object.assign(error, { code, errno: errnos[code!], syscall }, target ? { path: target } : {});
}

const original = { ...fs };
if (code === 'EROFS') {
  fs.mkdirSync = ((target: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
    if (isUnder(target)) throw failure('mkdir', String(target));
    return original.mkdirSync(target, options);
  }) as typeof fs.mkdirSync;
  fs.writeFileSync = ((target: fs.PathOrFileDescriptor, ...rest: [string, fs.WriteFileOptions?]) => {
    if (isUnder(target)) throw failure('open', String(target));
    return original.writeFileSync(target, ...rest);
  }) as typeof fs.writeFileSync;
  fs.openSync = ((target: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
    if (isUnder(target) && flags !== undefined && flags !== 'r' && flags !== 0) throw failure('open', String(target));
    return original.openSync(target, flags ?? 'r', mode);
  }) as typeof fs.openSync;
} else if (code === 'ENOSPC') {
  const descriptorsUnder = new Set<number>();
  fs.openSync = ((target: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
    const descriptor = original.openSync(target, flags ?? 'r', mode);
    if (isUnder(String(target))) descriptorsUnder.add(descriptor);
    return descriptor;
  }) as typeof fs.openSync;
  fs.writeSync = ((descriptor: number, ...rest: unknown[]) => {
    if (descriptorsUnder.has(descriptor)) throw failure('write');
    return (original.writeSync as (...args: unknown[]) => number)(descriptor, ...rest);
  }) as typeof fs.writeSync;
}
syncBuiltinESMExports();
