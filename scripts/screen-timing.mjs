#!/usr/bin/env node
// What a person on a phone waits for when opening My Stories, on a running server:
//
//   npm run build && PORT=3000 DATA_DIR=$(mktemp -d) npm start     # in another terminal
//   node scripts/screen-timing.mjs [--base=http://localhost:3000] [--runs=7] [--chrome-path=/usr/bin/chromium]
//
// A fresh account (scripts/new-account.mjs) opens /dashboard `--runs` times, each time as a first
// visit (new browser context, no service worker), with Chromium really slowed down the way
// Lighthouse's mobile run pretends to be: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, and
// the CPU 4x slower. Per run it records, in ms from the navigation:
// - first paint: the first text on the page (the screen's heading);
// - complete: the Idea Organizer is there and nothing says "Loading" any more;
// - blocking: the main thread's long tasks after the first paint, each beyond its first 50 ms
//   (what Lighthouse calls total blocking time, but measured, not simulated).
// Prints every run and the medians. Results vary with the machine's load: note `uptime`.
/* global window, document, requestAnimationFrame -- the functions passed to the page run in it */
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { newSignedInAccount } from './new-account.mjs';

const args = parseArgs({ strict: false }).values;
const base = String(args.base ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Math.max(1, Number(args.runs ?? 7));
const chromePath = String(args['chrome-path'] ?? '/usr/bin/chromium');

const cookies = await newSignedInAccount(base, { prefix: 'screen-timing', name: 'Screen Timing' });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const load = loadavg().map((value) => value.toFixed(2));
const results = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
    const page = await context.newPage();
    await page.addInitScript(() => {
      const timing = { longTasks: [], firstPaint: null, complete: null };
      window.__screenTiming = timing;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) timing.longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') timing.firstPaint = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      const check = () => {
        const loading = [...document.querySelectorAll('[role=status]')].some((element) =>
          element.textContent.includes('Loading'),
        );
        if (document.querySelector('[role=tablist]') && !loading) timing.complete = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/dashboard`);
    await page.waitForFunction(() => window.__screenTiming.complete !== null, null, { timeout: 60_000 });
    // Long tasks right after the screen is complete still count.
    await page.waitForTimeout(1500);
    const timing = await page.evaluate(() => window.__screenTiming);
    const blocking = timing.longTasks
      .filter(([start]) => start >= timing.firstPaint)
      .reduce((total, [, duration]) => total + Math.max(0, duration - 50), 0);
    results.push({ firstPaint: timing.firstPaint, complete: timing.complete, blocking });
    await context.close();
  }
} finally {
  await browser.close();
}

const median = (values) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
const row = (name, key) =>
  console.log(
    `${name.padEnd(12)} median ${String(median(results.map((result) => result[key]))).padStart(5)} ms   runs: ${results
      .map((result) => Math.round(result[key]))
      .join(' ')}`,
  );
console.log(`My Stories, first visit, slow 4G and 4x CPU, ${runs} run(s); load average ${load.join(' / ')}`);
row('first paint', 'firstPaint');
row('complete', 'complete');
row('blocking', 'blocking');
