import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * One page per screen, `dist/pages/<route>.html`: index.html plus a `<link rel="modulepreload">`
 * for every chunk the screen's route module needs that the entry does not already load. The server
 * sends it for the screen's address (`/dashboard` → `pages/dashboard.html`), so the browser fetches
 * the screen's code side by side with the entry instead of only after the entry has run: one round
 * trip less before the first paint of a screen opened directly (docs/benchmarks.md, Lighthouse).
 *
 * A route module is a chunk built from `src/app/routes/<route>.tsx`.
 */
export function routePreloads(): Plugin {
  return {
    name: 'life-updates:route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) return;
      const page = String(html.source);
      const chunks = new Map(
        Object.values(bundle)
          .filter((item): item is OutputChunk => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const staticGraph = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) staticGraph(imported, into);
        return into;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const inEntry = staticGraph(entry.fileName);

      for (const chunk of chunks.values()) {
        const route = chunk.facadeModuleId?.match(/\/src\/app\/routes\/([a-z-]+)\.tsx$/)?.[1];
        if (!route) continue;
        const added = [...staticGraph(chunk.fileName)].filter((fileName) => !inEntry.has(fileName));
        if (added.length === 0) continue;
        const links = added
          .map((fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">`)
          .join('\n');
        this.emitFile({
          type: 'asset',
          fileName: `pages/${route}.html`,
          source: page.replace(/\s*<\/head>/, `\n${links}\n  </head>`),
        });
      }
    },
  };
}
