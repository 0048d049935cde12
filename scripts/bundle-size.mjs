#!/usr/bin/env node
// Web bundle sizes of packages/web/dist (run `npm run build` first), gzip level 9, in KiB.
//
//   node scripts/bundle-size.mjs [--json[=<file>]] [--dist=<dir>]
//
// "Entry" is what dist/index.html makes the browser fetch before anything else: the module script
// plus every <link rel="modulepreload"> (JavaScript) and every stylesheet (CSS, counted apart).
// For each route module (a chunk named after a file in packages/web/src/app/routes) it also gives
// what opening that route adds on top of the entry: the route chunk and every chunk it imports
// statically, transitively, that is not already in the entry.
//
// Without --json it prints tables; `--json` prints the result as JSON, `--json=<file>` writes it.
// scripts/bench.mjs imports `bundleSizes()` from here.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const round = (value) => Math.round(value * 10) / 10;

/** Sizes of the build in `dist`, or null when there is no build. */
export function bundleSizes(dist = path.join(root, 'packages/web/dist')) {
  if (!existsSync(path.join(dist, 'index.html'))) return null;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const cache = new Map();
  const sizeOf = (file) => {
    if (!cache.has(file)) {
      const bytes = readFileSync(path.join(dist, file));
      cache.set(file, { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return cache.get(file);
  };
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((match) => match[0]);
  const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
  const entryFiles = [];
  for (const tag of tags) {
    const url = tag.startsWith('<script') ? attr(tag, 'src') : attr(tag, 'href');
    if (!url || !url.startsWith('/assets/')) continue;
    const rel = attr(tag, 'rel');
    const kind = tag.startsWith('<script')
      ? 'script'
      : rel === 'modulepreload'
        ? 'modulepreload'
        : rel === 'stylesheet'
          ? 'stylesheet'
          : null;
    if (kind) entryFiles.push({ file: url.slice(1), kind });
  }
  const entry = entryFiles.map(({ file, kind }) => {
    const size = sizeOf(file);
    return { file, kind, bytes: size.bytes, gzipKiB: round(size.gzip / 1024) };
  });
  const sum = (items) => round(items.reduce((total, item) => total + sizeOf(item.file).gzip, 0) / 1024);
  const entryJs = entry.filter((item) => item.file.endsWith('.js'));
  const entryCss = entry.filter((item) => item.file.endsWith('.css'));

  // Static imports of a chunk, as rolldown writes them: `from"./x.js"` and bare `import"./x.js"`.
  const staticImports = (file) => {
    const code = readFileSync(path.join(dist, file), 'utf8');
    const found = new Set();
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g))
      found.add(`assets/${match[1]}`);
    return [...found];
  };
  const closure = (start) => {
    const seen = new Set();
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...staticImports(file));
    }
    return seen;
  };
  const inEntry = new Set(entryFiles.map((item) => item.file));
  for (const item of entryJs) for (const file of closure(item.file)) inEntry.add(file);
  const missingFromEntry = [...inEntry].filter((file) => !entryFiles.some((item) => item.file === file));

  const assets = readdirSync(path.join(dist, 'assets'));
  const jsAssets = assets.filter((file) => file.endsWith('.js'));
  const routesDir = path.join(root, 'packages/web/src/app/routes');
  const routeNames = existsSync(routesDir)
    ? readdirSync(routesDir)
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => file.replace(/\.tsx?$/, ''))
    : [];
  // Route modules are the chunks the entry imports dynamically (the router's `lazy`).
  const dynamicImports = new Set();
  for (const item of entryJs) {
    const code = readFileSync(path.join(dist, item.file), 'utf8');
    for (const match of code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)) dynamicImports.add(match[1]);
  }
  const routes = [];
  for (const name of routeNames) {
    // Chunk names are `<name>-<8-char hash>.js`; the hash has no dash-free guarantee, so match it loosely.
    const files = jsAssets.filter(
      (file) => dynamicImports.has(file) && new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file),
    );
    for (const file of files) {
      const extra = [...closure(`assets/${file}`)].filter((dep) => !inEntry.has(dep));
      routes.push({
        route: name,
        file: `assets/${file}`,
        chunkGzipKiB: round(sizeOf(`assets/${file}`).gzip / 1024),
        addedGzipKiB: sum(extra.map((dep) => ({ file: dep }))),
        addedFiles: extra.length,
      });
    }
  }
  return {
    entry,
    entryJsGzipKiB: sum(entryJs),
    entryCssGzipKiB: sum(entryCss),
    // Chunks the entry imports statically but index.html does not preload (should stay empty).
    entryNotPreloaded: missingFromEntry,
    routes,
    allJsGzipKiB: sum(jsAssets.map((file) => ({ file: `assets/${file}` }))),
    allCssGzipKiB: sum(assets.filter((file) => file.endsWith('.css')).map((file) => ({ file: `assets/${file}` }))),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --flag=value (a value may hold '='); a bare --flag is `true`.
  const args = parseArgs({ strict: false }).values;
  const result = bundleSizes(typeof args.dist === 'string' ? path.resolve(args.dist) : undefined);
  if (!result) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  if (args.json === true) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    if (typeof args.json === 'string') writeFileSync(args.json, JSON.stringify(result, null, 2));
    console.log('Entry (loaded by index.html before anything else), gzip -9:');
    console.table(result.entry.map(({ file, kind, gzipKiB }) => ({ file, kind, 'gzip KiB': gzipKiB })));
    console.log(
      `entry JS ${result.entryJsGzipKiB} KiB, entry CSS ${result.entryCssGzipKiB} KiB, all JS ${result.allJsGzipKiB} KiB, all CSS ${result.allCssGzipKiB} KiB`,
    );
    if (result.entryNotPreloaded.length > 0)
      console.log(`imported by the entry but not preloaded: ${result.entryNotPreloaded.join(', ')}`);
    console.log('\nRoutes (what opening a route adds on top of the entry), gzip -9:');
    console.table(
      result.routes.map(({ route, chunkGzipKiB, addedGzipKiB, addedFiles }) => ({
        route,
        'chunk KiB': chunkGzipKiB,
        'added KiB': addedGzipKiB,
        'added files': addedFiles,
      })),
    );
  }
}
