import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // *.pg-test.ts need a real PostgreSQL server (two processes on one database): they belong to
    // the PostgreSQL run only, so the PGlite run neither runs nor counts them.
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      ...(process.env.TEST_DATABASE_URL ? ['test/**/*.pg-test.ts'] : []),
    ],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
