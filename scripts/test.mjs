// `npm test`: the whole suite — Vitest (contract, server API on PGlite, web) and Playwright e2e
// against the built app in the system Chromium. Prints `N passed, N failed` last.
// Options: --unit-only, --e2e-only, --project=<vitest project> (repeatable), --totals=<file>.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const projects = args.filter((arg) => arg.startsWith('--project=')).map((arg) => arg.slice('--project='.length));
const totalsFile = args.find((arg) => arg.startsWith('--totals='))?.slice('--totals='.length);
const runUnit = !args.includes('--e2e-only');
const runE2e = !args.includes('--unit-only') && projects.length === 0;

const totals = { passed: 0, failed: 0 };
let hadRunnerError = false;

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

if (runUnit) {
  const resultsFile = path.join(root, '.vitest-results.json');
  rmSync(resultsFile, { force: true });
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const status = run('npx', [
    'vitest',
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
  ]);
  if (existsSync(resultsFile)) {
    const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed +=
      report.numFailedTests +
      (report.numTotalTestSuites > 0 && report.success === false && report.numFailedTests === 0 ? 1 : 0);
  } else {
    hadRunnerError = true;
  }
  if (status !== 0 && totals.failed === 0) hadRunnerError = true;
}

if (runE2e) {
  const buildStatus = run('npm', ['run', 'build']);
  if (buildStatus !== 0) {
    hadRunnerError = true;
  } else {
    const resultsFile = path.join(root, '.e2e-results.json');
    rmSync(resultsFile, { force: true });
    const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      env: { ...process.env, CI: 'true' },
    });
    if (existsSync(resultsFile)) {
      const stats = JSON.parse(readFileSync(resultsFile, 'utf8')).stats;
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
    } else {
      hadRunnerError = true;
    }
    if (status !== 0 && totals.failed === 0) hadRunnerError = true;
  }
}

if (hadRunnerError && totals.failed === 0) totals.failed += 1; // a runner that crashed counts as a failure
if (totalsFile) writeFileSync(totalsFile, JSON.stringify(totals));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
