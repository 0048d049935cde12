#!/usr/bin/env node
// When a signed-in screen opened directly first paints, and when it becomes usable, in Chromium
// under the same conditions as Lighthouse's mobile run, but emulated for real instead of simulated:
// DevTools network throttling (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and a 4x CPU slowdown.
//
//   npm run build && PORT=3000 DATA_DIR=$(mktemp -d) npm start     # in another terminal
//   node scripts/time-to-usable.mjs [--base=http://localhost:3000] [--runs=5]
//                                   [--pages=/dashboard,/contacts] [--compare-priority]
//                                   [--chrome-path=/usr/bin/chromium]
//
// "usable" is the moment the live screen has replaced the page's inert shell (main.tsx removes
// `inert` from #root in the screen's first commit). It registers a fresh user through the real API
// and opens every page with that session cookie, a new browser context per run (nothing cached, no
// service worker). `--compare-priority` also opens each page with its code at the browser's
// default priority (the page rewritten on its way in, as it was before web/route-preloads.ts asked
// for it at low priority), alternating with the page as served. Reports medians.
/* global window, document, MutationObserver -- the page functions run in the browser */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { newSignedInAccount } from './new-account.mjs';

const args = parseArgs({ strict: false }).values;
const base = String(args.base ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Math.max(1, Number(args.runs ?? 5));
const pages = String(args.pages ?? '/dashboard,/contacts').split(',');
const chromePath = String(args['chrome-path'] ?? '/usr/bin/chromium');
const variants = args['compare-priority'] ? ['as served', 'default priority'] : ['as served'];

async function measure(browser, cookies, pagePath, variant) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Both variants take the same path through request interception, so neither gets the page sooner.
    await page.route(`${base}${pagePath}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = variant === 'default priority' ? html.replaceAll(' fetchpriority="low"', '') : html;
      await route.fulfill({ response, body });
    });
    await page.addInitScript(() => {
      window.__usableAt = null;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (window.__usableAt === null && root?.firstChild && !root.hasAttribute('inert')) {
          window.__usableAt = performance.now();
        }
      }).observe(document, { attributes: true, childList: true, subtree: true });
    });
    await page.goto(`${base}${pagePath}`);
    await page.waitForFunction(() => window.__usableAt !== null, null, { timeout: 60_000 });
    if (new URL(page.url()).pathname !== pagePath) throw new Error(`${pagePath} ended on ${page.url()}`);
    return await page.evaluate(() => ({
      firstPaintMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN),
      usableMs: Math.round(window.__usableAt),
    }));
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const loadBefore = loadavg().map((value) => +value.toFixed(2));
const cookies = (await newSignedInAccount(base, { prefix: 'usable', name: 'Time To Usable' })).map((cookie) => ({
  ...cookie,
  url: base,
}));
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--no-first-run'],
});
const rows = [];
try {
  for (const pagePath of pages) {
    const samples = Object.fromEntries(variants.map((variant) => [variant, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const variant of variants) samples[variant].push(await measure(browser, cookies, pagePath, variant));
    }
    for (const variant of variants) {
      rows.push({
        page: pagePath,
        code: variant,
        'first paint ms': median(samples[variant].map((sample) => sample.firstPaintMs)),
        'usable ms': median(samples[variant].map((sample) => sample.usableMs)),
        'usable runs': samples[variant].map((sample) => sample.usableMs).join(' '),
      });
    }
  }
} finally {
  await browser.close();
}
console.log(
  `Time to usable, ${base}, median of ${runs}; load average ${loadBefore.join(' / ')} → ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')}`,
);
console.table(rows);
