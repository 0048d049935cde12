#!/usr/bin/env node
// The web app manifest's images (packages/web/vite.config.ts), drawn by Chromium:
//
//   npm run build && PORT=3000 DATA_DIR=$(mktemp -d) npm start     # in another terminal
//   node scripts/pwa-images.mjs [--base=http://localhost:3000] [--chrome-path=/usr/bin/chromium]
//
// - icon-maskable-{192,512}.png: the app icon's mark shrunk into the middle 80 % (the safe zone a
//   launcher's round or squircle mask always keeps) on the brand colour, edge to edge.
// - screenshots/my-stories-{narrow,wide}.png: My Stories of a fresh account with a few ideas, at a
//   phone's 412x915 and a laptop's 1280x800, for the browser's install dialog.
// Writes into packages/web/public; commit the results.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newSignedInAccount } from './new-account.mjs';

const args = parseArgs({ strict: false }).values;
const base = String(args.base ?? 'http://localhost:3000').replace(/\/$/, '');
const chromePath = String(args['chrome-path'] ?? '/usr/bin/chromium');
const publicDir = path.resolve(import.meta.dirname, '../packages/web/public');

const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const icon = readFileSync(path.join(publicDir, 'icon-512.png')).toString('base64');
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0;background:#4f46e5;display:grid;place-items:center;height:100vh">` +
        `<img src="data:image/png;base64,${icon}" style="width:78%;height:78%" alt=""></body>`,
    );
    await page.screenshot({ path: path.join(publicDir, `icon-maskable-${size}.png`) });
    await page.close();
  }

  const cookies = await newSignedInAccount(base, { prefix: 'screenshots', name: 'Alex Morgan' });
  const ideas = [
    'Got promoted to engineering manager at Acme after three years on the platform team',
    'Ran my first half marathon in Lisbon, 1:52, legs still sore',
    'Finished reading the whole Earthsea series with my daughter',
  ];
  const cookieHeader = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  for (const content of ideas) {
    const response = await fetch(`${base}/api/ideas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: cookieHeader },
      body: JSON.stringify({ content }),
    });
    if (!response.ok) throw new Error(`creating an idea failed: ${response.status} ${await response.text()}`);
  }
  const { hostname } = new URL(base);
  for (const [name, viewport] of [
    ['narrow', { width: 412, height: 915 }],
    ['wide', { width: 1280, height: 800 }],
  ]) {
    const context = await browser.newContext({ viewport, locale: 'en-US', reducedMotion: 'reduce' });
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: hostname, path: '/' })));
    const page = await context.newPage();
    await page.goto(`${base}/dashboard`);
    await page.getByText(ideas[0].split(' ').slice(0, 3).join(' ')).first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(publicDir, 'screenshots', `my-stories-${name}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
}
console.log('wrote icon-maskable-192.png, icon-maskable-512.png and screenshots/ into packages/web/public');
