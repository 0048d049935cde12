#!/usr/bin/env node
// Lighthouse (mobile) on /, /login, /dashboard and /contacts of a running server.
//
//   npm run build && PORT=3000 DATA_DIR=$(mktemp -d) npm start     # in another terminal
//   node scripts/lighthouse.mjs [--base=http://localhost:3000] [--runs=3] [--pages=/,/login]
//                               [--json=<file>] [--chrome-path=/usr/bin/chromium] [--reports=<dir>]
//                               [--throttling=devtools]
//
// It starts nothing itself. It registers a fresh user through the real API (sign-up, then sign-in
// for the session cookie; the per-IP sign-up limit is 10/min unless the server runs with
// RATE_LIMIT_SCALE), then runs Lighthouse 13.5.0 through `npx -y` (not a project dependency) on
// every page `--runs` times with the default mobile emulation (simulated slow 4G, 4x CPU
// slowdown), the signed-in pages with the session cookie, and reports the median run of each page
// (the run with the median performance score). Scores are noisy on a busy machine: note `uptime`.
// `--reports=<dir>` keeps every run's full Lighthouse report there (long tasks, LCP element…).
// `--throttling=devtools` makes Chromium really slow the network and the CPU during the load
// instead of Lighthouse's default, a simulation from an unthrottled load.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { newSignedInAccount } from './new-account.mjs';

const run = promisify(execFile);

// --flag=value (a value may hold '='); a bare --flag is `true`.
const args = parseArgs({ strict: false }).values;
const base = String(args.base ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Math.max(1, Number(args.runs ?? 3));
const chromePath = String(args['chrome-path'] ?? '/usr/bin/chromium');
const throttling = args.throttling ? String(args.throttling) : null;
const allPages = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/contacts', signedIn: true },
];
const pages = args.pages ? allPages.filter((page) => String(args.pages).split(',').includes(page.path)) : allPages;

async function lighthouse(url, cookie, outputPath) {
  const flags = [
    '-y',
    'lighthouse@13.5.0',
    url,
    '--form-factor=mobile',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-path=${chromePath}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
  ];
  if (cookie) flags.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  if (throttling) flags.push(`--throttling-method=${throttling}`);
  // Lighthouse sometimes fails to record the trace on a busy machine (NO_NAVSTART): one more try.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run('npx', flags, { maxBuffer: 64 * 1024 * 1024 });
      // Some failures still write a report, with every score null.
      const { runtimeError } = JSON.parse(readFileSync(outputPath, 'utf8'));
      if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(
        `${url}: Lighthouse failed (${String(error.stderr || error.message || error)
          .trim()
          .split('\n')
          .pop()}), retrying`,
      );
    }
  }
  const report = JSON.parse(readFileSync(outputPath, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? null;
  const failed = (category) =>
    report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1)
      .map((ref) => ref.id);
  return {
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: +(audit('cumulative-layout-shift') ?? 0).toFixed(3),
    failedAudits: {
      accessibility: failed('accessibility'),
      bestPractices: failed('best-practices'),
      seo: failed('seo'),
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const startedAt = new Date().toISOString();
const loadBefore = loadavg().map((value) => +value.toFixed(2));
const cookie = pages.some((page) => page.signedIn)
  ? (await newSignedInAccount(base, { prefix: 'lighthouse', name: 'Lighthouse Person' }))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ')
  : null;
const reportsDir = typeof args.reports === 'string' ? args.reports : null;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const workDir = reportsDir ?? mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
const results = [];
try {
  for (const page of pages) {
    const url = `${base}${page.path}`;
    const attempts = [];
    for (let index = 0; index < runs; index += 1) {
      const result = await lighthouse(
        url,
        page.signedIn ? cookie : null,
        path.join(workDir, `${page.path.replace(/\W/g, '') || 'landing'}-${index + 1}.json`),
      );
      if (page.signedIn && new URL(result.finalUrl).pathname !== page.path) {
        throw new Error(`${page.path} ended on ${result.finalUrl}: the session cookie was not accepted`);
      }
      attempts.push(result);
      console.error(`${page.path} run ${index + 1}/${runs}: performance ${result.performance}, TBT ${result.tbtMs} ms`);
    }
    const medianPerformance = median(attempts.map((attempt) => attempt.performance));
    const chosen = attempts.find((attempt) => attempt.performance === medianPerformance);
    results.push({ page: page.path, ...chosen, performanceRuns: attempts.map((attempt) => attempt.performance) });
  }
} finally {
  if (!reportsDir) rmSync(workDir, { recursive: true, force: true });
}
const loadAfter = loadavg().map((value) => +value.toFixed(2));

console.log(
  `Lighthouse 13.5.0, mobile${throttling ? ` (${throttling} throttling)` : ''}, ${base}, median of ${runs} run(s); load average ${loadBefore.join(' / ')} → ${loadAfter.join(' / ')}`,
);
console.table(
  results.map((result) => ({
    page: result.page,
    performance: result.performance,
    accessibility: result.accessibility,
    'best practices': result.bestPractices,
    SEO: result.seo,
    'FCP s': +(result.fcpMs / 1000).toFixed(1),
    'LCP s': +(result.lcpMs / 1000).toFixed(1),
    'TBT ms': result.tbtMs,
    'perf runs': result.performanceRuns.join(' '),
  })),
);
for (const result of results) {
  const failed = Object.entries(result.failedAudits).filter(([, ids]) => ids.length > 0);
  if (failed.length > 0)
    console.log(`${result.page}: ${failed.map(([category, ids]) => `${category}: ${ids.join(', ')}`).join('; ')}`);
}
if (typeof args.json === 'string') {
  writeFileSync(args.json, JSON.stringify({ startedAt, base, runs, loadBefore, loadAfter, results }, null, 2));
}
