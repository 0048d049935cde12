// Copies what the built server needs at run time into one folder, for the container image
// (Dockerfile): the compiled server, its migrations, the built web app, and from node_modules only
// the packages build-server.mjs keeps out of the bundle, with their own dependencies, at the
// versions the lockfile installed. Everything else the server uses is inside dist/server.js, so
// the other production dependencies (and all the development ones) stay out of the image.
//   node scripts/runtime-modules.mjs DIR      (after `npm run build`)
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keptInNodeModules } from './build-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/runtime-modules.mjs DIR');
  process.exit(2);
}
const targetDir = path.resolve(target);
// Source maps are a third of the size and the server does not run with --enable-source-maps.
const isNotSourceMap = (source) => !source.endsWith('.map');

for (const item of [
  'packages/server/package.json',
  'packages/server/dist',
  'packages/server/drizzle',
  'packages/web/dist',
]) {
  if (!existsSync(path.join(root, item))) throw new Error(`${item} is missing: run npm run build first`);
  cpSync(path.join(root, item), path.join(targetDir, item), { recursive: true, filter: isNotSourceMap });
}

/** Node's own lookup: DIR/node_modules/NAME, then each parent folder's, up to the repository root. */
function findPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}

const copied = new Set();
function copyWithDependencies(packageDir) {
  if (copied.has(packageDir)) return;
  copied.add(packageDir);
  // A package's own nested node_modules are copied when something resolves to them.
  const nested = path.join(packageDir, 'node_modules');
  cpSync(packageDir, path.join(targetDir, path.relative(root, packageDir)), {
    recursive: true,
    filter: (source) => isNotSourceMap(source) && source !== nested && !source.startsWith(nested + path.sep),
  });
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const optional = { ...manifest.optionalDependencies, ...manifest.peerDependencies };
  for (const name of Object.keys({ ...manifest.dependencies, ...optional })) {
    const dependency = findPackage(name, packageDir);
    if (dependency) copyWithDependencies(dependency);
    else if (!(name in optional)) throw new Error(`${name} (needed by ${manifest.name}) is not installed`);
  }
}

mkdirSync(targetDir, { recursive: true });
const serverDir = path.join(root, 'packages/server');
for (const name of keptInNodeModules) {
  const packageDir = findPackage(name, serverDir);
  if (packageDir) copyWithDependencies(packageDir);
  // pg-native is optional (node-postgres uses it when present), and never installed here.
  else if (name !== 'pg-native') throw new Error(`${name} is not installed`);
}
console.log(
  `Copied the server, the web app and ${copied.size} packages to ${path.relative(process.cwd(), targetDir) || '.'}`,
);
