import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The import rules of docs/architecture.md live in .dependency-cruiser.mjs and run in `npm run lint`.
 * This runs the same command, so the suite holds them too: on a small tree with one bad import per
 * rule (each must be caught, and the good imports beside them must pass), and on the real sources.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = path.join(root, '.dependency-cruiser.mjs');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}
interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: Violation[]; totalCruised: number };
}

/** `depcruise packages` in `cwd` with the repository's rules; its JSON, whether it passed or not. */
async function cruise(cwd: string): Promise<CruiseResult> {
  const args = [depcruise, 'packages', '--config', config, '--output-type', 'json'];
  const options = { cwd, maxBuffer: 64 * 1024 * 1024 };
  const stdout = await promisify(execFile)(process.execPath, args, options).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  return JSON.parse(stdout) as CruiseResult;
}

/** Each violation as `rule: from → to` (a folder cycle names the folder it starts from). */
function describeViolations(result: CruiseResult): string[] {
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

/** A tree shaped like the repository's, each bad import marked. */
const fixture: Record<string, string> = {
  'packages/web/tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }),

  // The server: shares asks ideas (one way, allowed); ideas asking shares back closes a cycle.
  'packages/server/src/features/ideas/ideas-service.ts': `export const ideas = 1;\n`,
  'packages/server/src/features/shares/shares-service.ts': `import { ideas } from '../ideas/ideas-service.ts';\nimport { newId } from '../../lib/uuid.ts';\nexport const shares = ideas + newId;\n`,
  'packages/server/src/features/ideas/ideas-routes.ts': `import { shares } from '../shares/shares-service.ts'; // bad: a cycle between feature folders\nexport const routes = shares;\n`,
  'packages/server/src/features/usage/usage-service.ts': `import { app } from '../../app.ts'; // bad: a feature reaching up to the app\nexport const usage = app;\n`,
  'packages/server/src/lib/uuid.ts': `export const newId = 1;\n`,
  'packages/server/src/lib/clock.ts': `import { later } from './time.ts';\nexport const now = () => later;\n`,
  'packages/server/src/lib/time.ts': `import { now } from './clock.ts'; // bad: two modules importing each other\nexport const later = () => now;\n`,
  'packages/server/src/db/schema.ts': `import { ideas } from '../features/ideas/ideas-service.ts'; // bad: shared code knowing a feature\nexport const schema = ideas;\n`,
  'packages/server/src/app.ts': `import { routes } from './features/ideas/ideas-routes.ts';\nexport const app = routes;\n`,

  // The web app: features beside each other, the app above them, shared code below.
  'packages/web/src/features/shares/share-list.ts': `import { cn } from '@/lib/utils';\nexport const shareList = cn;\n`,
  'packages/web/src/features/shares/share-page.ts': `import { shareList } from './share-list';\nexport const sharePage = shareList;\n`,
  'packages/web/src/features/ideas/idea-form.ts': `import { shareList } from '@/features/shares/share-list'; // bad: another feature\nexport const ideaForm = shareList;\n`,
  'packages/web/src/features/ideas/idea-list.ts': `import { router } from '../../app/router'; // bad: a feature importing the app\nexport const ideaList = router;\n`,
  'packages/web/src/app/router.ts': `import { sharePage } from '@/features/shares/share-page';\nexport const router = sharePage;\n`,
  'packages/web/src/lib/utils.ts': `export const cn = 1;\n`,
  'packages/web/src/lib/format.ts': `import { ideaForm } from '@/features/ideas/idea-form'; // bad: shared code knowing a feature\nexport const format = ideaForm;\n`,
  'packages/web/src/api/ideas.ts': `import { newId } from '../../../server/src/lib/uuid.ts'; // bad: server code in the browser\nexport const ideasApi = newId;\n`,

  // The contract imports neither side.
  'packages/contract/src/ideas.ts': `import { cn } from '../../web/src/lib/utils.ts'; // bad\nexport const contract = cn;\n`,
};

describe('import rules (.dependency-cruiser.mjs)', () => {
  let tree: string;
  beforeAll(async () => {
    tree = await mkdtemp(path.join(tmpdir(), 'import-rules-'));
    for (const [file, text] of Object.entries(fixture)) {
      await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
      await writeFile(path.join(tree, file), text);
    }
  });
  afterAll(() => rm(tree, { recursive: true, force: true }));

  it('catch each bad import, and only those', async () => {
    const result = await cruise(tree);
    expect(result.summary.totalCruised).toBe(Object.keys(fixture).length - 1);
    expect(describeViolations(result)).toEqual([
      'contract-stands-alone: packages/contract/src/ideas.ts → packages/web/src/lib/utils.ts',
      'no-circular: packages/server/src/lib/clock.ts → packages/server/src/lib/time.ts',
      'server-feature-not-app: packages/server/src/features/usage/usage-service.ts → packages/server/src/app.ts',
      'server-features-one-way: packages/server/src/features/ideas → packages/server/src/features/shares',
      'server-features-one-way: packages/server/src/features/shares → packages/server/src/features/ideas',
      'server-shared-below-features: packages/server/src/db/schema.ts → packages/server/src/features/ideas/ideas-service.ts',
      'web-feature-not-app: packages/web/src/features/ideas/idea-list.ts → packages/web/src/app/router.ts',
      'web-feature-stays-in-its-folder: packages/web/src/features/ideas/idea-form.ts → packages/web/src/features/shares/share-list.ts',
      'web-never-imports-server: packages/web/src/api/ideas.ts → packages/server/src/lib/uuid.ts',
      'web-shared-below-features: packages/web/src/lib/format.ts → packages/web/src/features/ideas/idea-form.ts',
    ]);
  });

  it('hold on the real sources', async () => {
    const result = await cruise(root);
    // It read the real imports (a rule that matched nothing could not pass otherwise): the
    // schedule asks the shares feature, and the web app's `@/` alias resolves.
    const importsOf = (source: string) =>
      result.modules.find((module) => module.source === source)?.dependencies.map((dependency) => dependency.resolved);
    expect(importsOf('packages/server/src/features/schedule/schedule-runner.ts')).toContain(
      'packages/server/src/features/shares/shares-service.ts',
    );
    expect(importsOf('packages/web/src/app/router.tsx')).toContain('packages/web/src/config/paths.ts');
    expect(describeViolations(result)).toEqual([]);
  });
});
