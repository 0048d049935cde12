// `npm test`: the whole suite — Vitest (contract, server API on PGlite, web) and Playwright e2e
// against the built app in the system Chromium. Prints `N passed, N failed` last, the names of the
// tests that failed (and of the end-to-end tests that passed only when run again) just above it.
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
/** The names of the tests that failed, printed again above the totals so a long log's tail shows them. */
const failures = [];
/** End-to-end tests that failed once and passed when run again (the e2e run below retries once). */
const flaky = [];
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
    // Every failed test counts, and so does a file that failed without one (it could not load),
    // or, when nothing is listed, a run Vitest failed for an error outside any test.
    const listed = [];
    for (const file of report.testResults) {
      const name = path.relative(root, file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) listed.push([name, ...test.ancestorTitles, test.title].join(' › '));
      if (file.status === 'failed' && failed.length === 0) listed.push(`${name} › ${file.message || 'could not run'}`);
    }
    if (report.success === false && listed.length === 0) listed.push('Vitest: an error outside any test (see above)');
    totals.failed += listed.length;
    failures.push(...listed);
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
      const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
      totals.passed += report.stats.expected + report.stats.flaky;
      totals.failed += report.stats.unexpected;
      failures.push(...specsWith(report.suites, 'unexpected'));
      flaky.push(...specsWith(report.suites, 'flaky'));
    } else {
      hadRunnerError = true;
    }
    if (status !== 0 && totals.failed === 0) hadRunnerError = true;
  }
}

/**
 * The specs of a Playwright report with an outcome: 'unexpected' (failed) or 'flaky' (passed on the
 * retry). The report nests suites (the file, then describe blocks) around the specs.
 */
function specsWith(suites, outcome, titles = []) {
  return (suites ?? []).flatMap((suite) => {
    const inner = suite.file === suite.title ? [`e2e/${suite.file}`] : [...titles, suite.title];
    const specs = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === outcome))
      .map((spec) => [...inner, spec.title].join(' › '));
    return [...specs, ...specsWith(suite.suites, outcome, inner)];
  });
}

if (hadRunnerError && totals.failed === 0) {
  totals.failed += 1; // a runner that crashed counts as a failure
  failures.push('a test runner or the build stopped before reporting (see above)');
}
if (totalsFile) writeFileSync(totalsFile, JSON.stringify({ ...totals, failures, flaky }));
if (flaky.length > 0) console.log(`\nPassed only when run again:\n${flaky.map((name) => `  ~ ${name}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ✘ ${name}`).join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
