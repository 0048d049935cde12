import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues } from './i18n.ts';

/**
 * Every catalogue key is used by the code: a key nothing shows is a message the user never sees
 * (or a leftover). A key counts as used when the source of the three packages (tests aside)
 * names it in quotes, names its plural base, or builds it from a fixed prefix in a template
 * literal (`generation.preferences.${group}.${option}`).
 */

type Nested = { [key: string]: string | Nested };
const packagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function keysOf(catalogue: Nested, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'locales'].includes(entry.name)) return [];
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

export function unreferencedKeys(keys: readonly string[], source: string): string[] {
  const quoted = (text: string) => [`'${text}'`, `"${text}"`, `\`${text}\``].some((form) => source.includes(form));
  return keys.filter((key) => {
    if (quoted(key)) return false;
    const plural = key.replace(/_(zero|one|two|few|many|other)$/, '');
    if (plural !== key && quoted(plural)) return false;
    const parts = key.split('.');
    for (let length = parts.length - 1; length > 0; length -= 1) {
      if (source.includes(`\`${parts.slice(0, length).join('.')}.\${`)) return false;
    }
    return true;
  });
}

describe('catalogue keys', () => {
  const source = ['contract', 'server', 'web']
    .flatMap((name) => sourceFiles(path.join(packagesDir, name, 'src')))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it('are all used by the code', () => {
    expect(unreferencedKeys(keysOf(catalogues.en as Nested), source)).toEqual([]);
  });

  it('the check finds a key nothing uses, and sees literal, plural and built keys', () => {
    const code = "t('a.used'); t('b.count', { count }); t(`c.options.${name}`);";
    expect(unreferencedKeys(['a.used', 'b.count_one', 'c.options.x', 'a.unused', 'c.other'], code)).toEqual([
      'a.unused',
      'c.other',
    ]);
  });
});
