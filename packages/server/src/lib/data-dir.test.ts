import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeDataDirError, makeDirectory } from './data-dir.ts';

// The spawned-server cases are in test/start-up-errors.test.ts; these are the error shapes that
// only PGlite produces (its WebAssembly file system's errno numbers, PostgreSQL's disk_full).
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('describeDataDirError', () => {
  const dataDir = '/srv/life-updates/data';

  it("reads PGlite's file system errors by their WebAssembly errno", () => {
    const errnoError = (errno: number) => Object.assign(Object.create(null) as object, { name: 'ErrnoError', errno });
    expect(describeDataDirError(errnoError(51), dataDir)).toBe(
      `Cannot write DATA_DIR ${dataDir}: the disk is full. Free some space on that disk, or point DATA_DIR at a disk with more room.`,
    );
    expect(describeDataDirError(errnoError(69), dataDir)).toBe(
      `Cannot write DATA_DIR ${dataDir}: the file system is read-only. Point DATA_DIR at a writable folder.`,
    );
    expect(describeDataDirError(errnoError(2), dataDir)).toContain(': permission denied.');
    expect(describeDataDirError(errnoError(44), dataDir)).toBeUndefined(); // ENOENT: not a disk problem
  });

  it("reads PostgreSQL's disk_full (53100), and leaves any other error to its stack trace", () => {
    const diskFull = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
      code: '53100',
      severity: 'ERROR',
    });
    expect(describeDataDirError(diskFull, dataDir)).toContain(': the disk is full.');
    expect(describeDataDirError(Object.assign(new Error('syntax'), { code: '42601' }), dataDir)).toBeUndefined();
    expect(describeDataDirError(new TypeError('a bug'), dataDir)).toBeUndefined();
    expect(describeDataDirError('text', dataDir)).toBeUndefined();
  });
});

describe('makeDirectory', () => {
  it('creates every missing level, and reports the level that cannot be made', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'life-updates-mkdir-'));
    directories.push(root);
    makeDirectory(path.join(root, 'a', 'b', 'c'));
    expect(existsSync(path.join(root, 'a', 'b', 'c'))).toBe(true);
    makeDirectory(path.join(root, 'a', 'b', 'c')); // already there: nothing to do

    writeFileSync(path.join(root, 'file'), '');
    expect(() => makeDirectory(path.join(root, 'file', 'data'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR', path: path.join(root, 'file', 'data') }),
    );
  });
});
