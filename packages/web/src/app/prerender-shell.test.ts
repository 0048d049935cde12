// @vitest-environment node
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The pages the real build writes (vite.config.ts, route-preloads.ts): a signed-in screen's page for
 * a visitor with a session holds the screen's shell in the page's language; the other pages do not.
 */
const webRoot = fileURLToPath(new URL('../..', import.meta.url));
let outDir = '';
const page = (name: string) => readFileSync(path.join(outDir, name), 'utf8');
const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
}, 180_000);
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the shell of a signed-in screen', () => {
  it('is in the dashboard pages for a session, in English and Russian, as the signed-in layout draws it', () => {
    const english = page('pages/dashboard.en.signed-in.html');
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('<title>My Stories | Life Updates</title>');
    expect(english).toContain('<div id="root" data-shell inert>');
    expect(english).toContain('<a href="#main"');
    expect(english).toContain(
      '<main id="main" class="pb-20 md:pb-0"><div class="mx-auto max-w-6xl space-y-6 px-4 py-6"><h1 class="text-2xl font-bold">My Stories</h1></div></main>',
    );
    expect(english).toMatch(
      /<nav aria-label="Main navigation"[^>]*><a aria-current="page"[^>]*href="\/dashboard"[^>]*>My Stories<\/a>/,
    );
    expect(english).toContain('aria-label="Bottom navigation"');
    expect(english).toContain('>Logout</button>');
    expect(english).toContain('<link rel="preload" href="/api/me" as="fetch" crossorigin>');

    const russian = page('pages/dashboard.ru.signed-in.html');
    expect(russian).toContain('<html lang="ru"');
    expect(russian).toContain('<h1 class="text-2xl font-bold">Мои истории</h1>');
    expect(russian).toContain('aria-label="Основная навигация"');
    expect(russian).toContain('aria-label="Нижняя навигация"');
    expect(russian).not.toContain('>My Stories<');
  });

  it('holds the contacts heading and subtitle, and every signed-in screen has one', () => {
    expect(page('pages/contacts.en.signed-in.html')).toContain(
      '<div><h1 class="text-3xl font-bold">Contacts</h1><p class="mt-1 text-muted-foreground">Manage people you share updates with</p></div>',
    );
    const shells = readdirSync(path.join(outDir, 'pages')).filter((name) => name.endsWith('.signed-in.html'));
    expect(shells.sort()).toEqual(
      ['contacts', 'create', 'dashboard', 'generate', 'settings', 'summeris'].flatMap((route) => [
        `${route}.en.signed-in.html`,
        `${route}.ru.signed-in.html`,
      ]),
    );
    for (const name of shells) expect(rootOf(page(`pages/${name}`)), name).toMatch(/<h1 [^>]*>[^<]+<\/h1>/);
  });

  it('is not in the pages for visitors without a session, nor on the public pages', () => {
    for (const name of [
      'index.html',
      'pages/index.ru.html',
      'pages/login.ru.html',
      'pages/dashboard.en.html',
      'pages/dashboard.ru.html',
    ]) {
      expect(rootOf(page(name)), name).toBe('');
      expect(page(name), name).not.toContain('data-shell');
    }
  });
});
