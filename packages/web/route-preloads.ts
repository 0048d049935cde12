import path from 'node:path';
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

type Locale = 'en' | 'ru';

export type RoutePreloadOptions = {
  /** The module of each language's lazily loaded strings (lib/i18n.ts `fullCatalogueLoaders`). */
  catalogues: Record<Locale, string>;
  /** Route modules of the signed-in screens: they wait for the whole catalogue and for /api/me. */
  signedInRoutes: readonly string[];
};

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
 * A route module is a chunk built from `src/app/routes/<route>.tsx`; the landing page is in the entry.
 */
export function routePreloads({ catalogues, signedInRoutes }: RoutePreloadOptions): Plugin {
  let root = '';
  return {
    name: 'life-updates:route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
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

      const emit = (name: string, modules: string[], preloadsMe: boolean) => {
        const links = [...new Set(modules)].map(
          (fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">`,
        );
        // Same request as the app's fetch (same origin, credentials same-origin), so it is reused.
        if (preloadsMe) links.push('    <link rel="preload" href="/api/me" as="fetch" crossorigin>');
        if (links.length === 0) return;
        this.emitFile({
          type: 'asset',
          fileName: `pages/${name}.html`,
          source: page.replace(/\s*<\/head>/, `\n${links.join('\n')}\n  </head>`),
        });
      };

      emit('index.ru', catalogueFiles.ru, false);
      for (const chunk of chunks.values()) {
        const route = chunk.facadeModuleId?.match(/\/src\/app\/routes\/([a-z-]+)\.tsx$/)?.[1];
        if (!route) continue;
        const signedIn = signedInRoutes.includes(route);
        emit(`${route}.en`, signedIn ? catalogueFiles.en : [], signedIn);
        emit(`${route}.ru`, catalogueFiles.ru, signedIn);
      }
    },
  };
}
