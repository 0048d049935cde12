import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Features may use one another one way only (decision 009: one owner per concept): shares calls
 * ideas to move ideas' statuses, ideas never calls shares. A cycle between two feature folders
 * means neither owns the concept they share; the fix is to move that piece to its owner, not to
 * split a file so that the cycle hides between files.
 */

const featuresDir = fileURLToPath(new URL('../src/features/', import.meta.url));

/** Every `.ts` file under `dir` except tests (tests may reach across features to set data up). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, type-only ones included. */
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The feature folder a file lies in, or null when it is outside src/features. */
function featureOf(file: string): string | null {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [feature] = relative.split(path.sep);
  return feature && relative.includes(path.sep) ? feature : null;
}

/** Feature → the other features its source files import. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (!specifier!.startsWith('.')) continue;
      const to = featureOf(path.resolve(path.dirname(file), specifier!));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * The cycles a depth-first walk meets, each once, as the path that closes it (`a → b → a`). A graph
 * with any cycle gives at least one; two cycles sharing folders may be reported as one.
 */
export function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    if (trail.includes(node)) {
      const cycle = [...trail.slice(trail.indexOf(node)), node];
      const key = [...new Set(cycle)].sort().join(',');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push(cycle);
      }
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) walk(next, [...trail, node]);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) walk(node, []);
  return cycles;
}

describe('feature folders', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['ideas', new Set(['shares'])],
      ['shares', new Set(['templates', 'ideas'])],
      ['templates', new Set<string>()],
      ['email', new Set(['unsubscribe'])],
      ['unsubscribe', new Set(['contacts', 'email'])],
    ]);
    expect(findCycles(graph)).toEqual([
      ['email', 'unsubscribe', 'email'],
      ['ideas', 'shares', 'ideas'],
    ]);
    expect(
      findCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the imports of the real source', () => {
    const graph = featureGraph();
    // Known one-way uses, so that a regex that matched nothing could not pass the next test.
    expect(graph.get('shares')).toContain('ideas');
    expect(graph.get('schedule')).toContain('shares');
    expect(graph.size).toBeGreaterThan(10);
  });

  it('import one another without a cycle', () => {
    expect(findCycles(featureGraph())).toEqual([]);
  });
});
