import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-e2e-'));

/** Debian's Chromium; no browser download is possible here (DEVELOPERS.md). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // In the whole suite (`npm test` sets CI) a test that fails runs once more. One that then passes
  // is named as flaky above the totals (scripts/test.mjs), so that it is seen and fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../.e2e-results.json' }]] : [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    // No half-faded toasts in axe scans: sonner drops its transitions for reduced motion.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The compiled server, as `npm start` runs it (scripts/test.mjs builds it first).
    command: 'node dist/server.js',
    cwd: '../packages/server',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every test registers its own account from 127.0.0.1; the per-IP limits are tested in the API suite.
      RATE_LIMIT_SCALE: '50',
      NODE_ENV: 'production',
      ...(process.env.E2E_SERVER_ENV ? JSON.parse(process.env.E2E_SERVER_ENV) : {}),
    },
  },
});
