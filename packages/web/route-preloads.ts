import path from 'node:path';
import type { OutputAsset, OutputChunk } from 'rolldown';
import { createServer, type Alias, type Plugin } from 'vite';

type Locale = 'en' | 'ru';

export type RoutePreloadOptions = {
  /** The module of each language's lazily loaded strings (lib/i18n.ts `fullCatalogueLoaders`). */
  catalogues: Record<Locale, string>;
  /** Route modules of the signed-in screens: they wait for the whole catalogue and for /api/me. */
  signedInRoutes: readonly string[];
  /**
   * The module whose `renderShell(route, locale)` draws a signed-in screen's shell (the signed-in
   * layout and the screen's heading) as static HTML, run through Vite's SSR at build.
   */
  shellRenderer: string;
};

type ShellRenderer = { renderShell: (route: string, locale: Locale) => Promise<{ markup: string; title: string }> };

/**
 * A shell page asks for the app's code at low priority: the browser fetches the page's stylesheet
 * first and paints the shell, instead of sharing a phone's connection between the two. Measured
 * under Chromium's slow-4G and 4x CPU emulation, the screen becomes usable no later than with the
 * code at high priority (docs/benchmarks.md, Lighthouse). Starting the code only after the first
 * paint was tried: it painted about 0.1 s sooner and made the screen usable about 0.25 s later.
 */
function codeAtLowPriority(page: string): string {
  return page
    .replace('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

/**
 * One page per screen and language where the screen waits for more than the entry,
 * `dist/pages/<route>.<locale>.html` (`index.ru.html` for the landing page): index.html plus a
 * `<link rel="modulepreload">` for the language's lazily loaded strings where the screen waits for
 * them (a Russian visitor's on every screen, the rest of English on the signed-in ones), and on
 * signed-in screens a preload of /api/me, which they ask before they can show anything. The server
 * sends the page for the screen's address in the visitor's language (Accept-Language, as
 * lib/i18n.ts picks it), so these start with the entry instead of after it has run
 * (docs/benchmarks.md, Lighthouse).
 *
 * The screen's own code is not preloaded: measured, it competes with the entry for the
 * connection and delays the first paint more than it saves.
 *
 * A signed-in screen also gets `<route>.<locale>.signed-in.html`, which the server sends when the
 * request carries a session cookie: the same page with the screen's shell already inside
 * `<div id="root">` (the signed-in layout and the screen's heading, drawn by the app's own
 * components through Vite's SSR, in the page's language), so the first paint and the largest text
 * of the screen arrive with the HTML and CSS instead of after the entry has run; main.tsx swaps in
 * the live screen once it is ready. The shell is `inert` until then: a picture of the screen, whose
 * buttons would do nothing, so they cannot be clicked or focused (or read out) before they work.
 * Its code comes at low priority (`codeAtLowPriority`).
 * A visitor without a session gets the plain page (and /login).
 *
 * A route module is a chunk built from `src/app/routes/<route>.tsx`; the landing page is in the entry.
 */
export function routePreloads({ catalogues, signedInRoutes, shellRenderer }: RoutePreloadOptions): Plugin {
  let root = '';
  let alias: Alias[] = [];
  /** Vite's SSR of the app's own modules, for the shells: a server without HTTP, closed after use. */
  const renderShells = async <Job extends { route: string; locale: Locale }>(jobs: Job[]) => {
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'error',
      resolve: { alias },
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: 'custom',
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const { renderShell } = (await server.ssrLoadModule(shellRenderer)) as ShellRenderer;
      const shells = [];
      for (const job of jobs) shells.push({ ...job, ...(await renderShell(job.route, job.locale)) });
      return shells;
    } finally {
      await server.close();
    }
  };
  return {
    name: 'life-updates:route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return;
      const page = String(html.source);
      const chunks = new Map(
        Object.values(bundle)
          .filter((item): item is OutputChunk => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const chunkHolding = (modulePath: string) => {
        const file = path.resolve(root, modulePath);
        // A module imported only lazily may share its chunk with others, without being its facade.
        const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.includes(file));
        if (!chunk) throw new Error(`route-preloads: no chunk holds ${modulePath}`);
        return chunk.fileName;
      };
      const staticGraph = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) staticGraph(imported, into);
        return into;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const inEntry = staticGraph(entry.fileName);
      const beyondEntry = (fileName: string) => [...staticGraph(fileName)].filter((file) => !inEntry.has(file));
      const catalogueFiles = {
        en: beyondEntry(chunkHolding(catalogues.en)),
        ru: beyondEntry(chunkHolding(catalogues.ru)),
      } satisfies Record<Locale, string[]>;

      const withPreloads = (modules: string[], preloadsMe: boolean) => {
        const links = [...new Set(modules)].map(
          (fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">`,
        );
        // Same request as the app's fetch (same origin, credentials same-origin), so it is reused.
        if (preloadsMe) links.push('    <link rel="preload" href="/api/me" as="fetch" crossorigin>');
        return links.length === 0 ? null : page.replace(/\s*<\/head>/, `\n${links.join('\n')}\n  </head>`);
      };
      const emit = (name: string, source: string) =>
        this.emitFile({ type: 'asset', fileName: `pages/${name}.html`, source });

      const indexRu = withPreloads(catalogueFiles.ru, false);
      if (indexRu) emit('index.ru', indexRu);
      const shellJobs: { route: string; locale: Locale; page: string }[] = [];
      for (const chunk of chunks.values()) {
        const route = chunk.facadeModuleId?.match(/\/src\/app\/routes\/([a-z-]+)\.tsx$/)?.[1];
        if (!route) continue;
        const signedIn = signedInRoutes.includes(route);
        for (const locale of ['en', 'ru'] as const) {
          const routePage = withPreloads(locale === 'ru' || signedIn ? catalogueFiles[locale] : [], signedIn);
          if (!routePage) continue;
          emit(`${route}.${locale}`, routePage);
          if (signedIn) shellJobs.push({ route, locale, page: routePage });
        }
      }
      const missing = signedInRoutes.filter((route) => !shellJobs.some((job) => job.route === route));
      if (missing.length > 0) throw new Error(`route-preloads: no route chunk for ${missing.join(', ')}`);
      for (const { route, locale, page: routePage, markup, title } of await renderShells(shellJobs)) {
        emit(
          `${route}.${locale}.signed-in`,
          codeAtLowPriority(routePage)
            .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            .replace('<div id="root"></div>', `<div id="root" data-shell inert>${markup}</div>`),
        );
      }
    },
  };
}
