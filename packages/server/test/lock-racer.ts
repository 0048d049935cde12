import { createInterface } from 'node:readline';
import { acquireDataDirLock } from '../src/db/data-dir-lock.ts';

/**
 * One side of the data-dir lock race (src/db/data-dir-lock.test.ts), as a separate process. Reads
 * lines from stdin: `try DIR AT` waits until the clock reaches AT (ms) so that both racers start
 * together, takes the lock and answers `won` or `refused MESSAGE`; `release` lets go of it.
 */
let release: (() => void) | undefined;
for await (const line of createInterface({ input: process.stdin })) {
  const [command, directory, startAt] = line.split(' ');
  if (command === 'try') {
    while (Date.now() < Number(startAt)) {
      // spin: a timer would add its own jitter to the start
    }
    try {
      release = acquireDataDirLock(directory!);
      console.log('won');
    } catch (error) {
      console.log(`refused ${(error as Error).message}`);
    }
  } else if (command === 'release') {
    release?.();
    release = undefined;
    console.log('released');
  }
}
