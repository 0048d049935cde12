import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An inline script element: no `src`, and a type that runs (not a JSON data block). */
const inlineScript = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts in the web app's built
 * pages (index.html and pages/*.html): the build's own, allowed by their hash so that no other
 * inline script runs. (The shell pages start the app with one, web/route-preloads.ts.)
 */
export function inlineScriptHashes(webDist: string): string[] {
  const pagesDir = path.join(webDist, 'pages');
  const files = [
    path.join(webDist, 'index.html'),
    ...(existsSync(pagesDir)
      ? readdirSync(pagesDir)
          .filter((file) => file.endsWith('.html'))
          .map((file) => path.join(pagesDir, file))
      : []),
  ];
  const hashes = new Set<string>();
  for (const file of files) {
    for (const [, source] of readFileSync(file, 'utf8').matchAll(inlineScript)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(source ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}
