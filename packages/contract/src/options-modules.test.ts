import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The *-options.ts modules are the zod-free halves of their schema modules: the web app imports
 * them where it needs constants but not schemas, and the bundle-size figures depend on that. So
 * they import nothing at all (not zod, not each other, not a schema module).
 */
const sourceDir = new URL('./', import.meta.url);
const optionModules = readdirSync(sourceDir).filter((name) => name.endsWith('-options.ts'));

describe('*-options.ts modules', () => {
  it('exist', () => {
    expect(optionModules.length).toBeGreaterThan(0);
  });

  it.each(optionModules)('%s imports nothing', (name) => {
    const source = readFileSync(new URL(name, sourceDir), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s*['"]/m);
    expect(source).not.toMatch(/^\s*import\s*['"]/m);
    expect(source).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
  });
});
