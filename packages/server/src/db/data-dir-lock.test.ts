import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock.ts';

const serverDirectory = path.resolve(import.meta.dirname, '../..');
const directories: string[] = [];

function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), 'life-updates-lock-'));
  directories.push(directory);
  return directory;
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

type Racer = { child: ChildProcessWithoutNullStreams; ask: (line: string) => Promise<string> };

function startRacer(): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/lock-racer.ts'], { cwd: serverDirectory });
  const answers: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else answers.push(line);
  });
  return {
    child,
    ask: (line) => {
      child.stdin.write(`${line}\n`);
      const ready = answers.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
  };
}

afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('data-dir lock', () => {
  it('refuses a second holder while the first lives, and is free again once released', () => {
    const directory = temporaryDirectory();
    const living = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(directory, 'server.lock.4'), `${living.pid}\n`);
      expect(() => acquireDataDirLock(directory)).toThrow(
        `The data directory ${directory} is in use by another Life Updates process (pid ${living.pid})`,
      );
    } finally {
      living.kill();
    }
    rmSync(path.join(directory, 'server.lock.4'));

    const release = acquireDataDirLock(directory);
    expect(readdirSync(directory)).toEqual(['server.lock.1']);
    expect(readFileSync(path.join(directory, 'server.lock.1'), 'utf8')).toBe(`${process.pid}\n`);
    release();
    const releaseAgain = acquireDataDirLock(directory);
    expect(readdirSync(directory)).toEqual(['server.lock.2']);
    releaseAgain();
  });

  describe('two processes starting together over a dead process lock', () => {
    let racers: Racer[] = [];
    beforeAll(() => {
      racers = [startRacer(), startRacer()];
    });
    afterAll(() => {
      for (const racer of racers) racer.child.kill();
    });

    it('exactly one of them takes it, every time (60 races)', async () => {
      const dead = await deadPid();
      const pids = racers.map((racer) => racer.child.pid);
      const winners: number[] = [];
      for (let race = 0; race < 60; race += 1) {
        const directory = temporaryDirectory();
        // The lock earlier versions wrote (server.lock), and this version's (server.lock.N).
        const staleLock = race % 3 === 2 ? 'server.lock.7' : 'server.lock';
        writeFileSync(path.join(directory, staleLock), `${dead}\n`);

        const startAt = Date.now() + 100;
        const answers = await Promise.all(racers.map((racer) => racer.ask(`try ${directory} ${startAt}`)));
        const winner = answers.indexOf('won');
        expect(
          answers.filter((answer) => answer === 'won'),
          `race ${race} (${staleLock}): ${answers.join(' | ')}`,
        ).toHaveLength(1);
        expect(answers[1 - winner]).toBe(
          `refused The data directory ${directory} is in use by another Life Updates process (pid ${pids[winner]}). ` +
            'Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).',
        );
        const lockFiles = readdirSync(directory);
        expect(lockFiles).toHaveLength(1);
        expect(Number.parseInt(readFileSync(path.join(directory, lockFiles[0]!), 'utf8'), 10)).toBe(pids[winner]);
        expect(await racers[winner]!.ask('release')).toBe('released');
        winners.push(winner);
        rmSync(directory, { recursive: true, force: true });
      }
      // Both sides won some races: the start was a real race, not one process always first.
      expect(new Set(winners).size).toBe(2);
    }, 120_000);
  });
});
