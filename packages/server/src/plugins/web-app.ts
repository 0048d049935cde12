import fastifyStatic from '@fastify/static';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { precompressWebAssets } from '../lib/precompress-web-assets.ts';
import { shareTargetRoute } from './share-target.ts';

/**
 * The built web app (when there is one) and the answer to paths no route has: a page path gets the
 * app itself, whose own "Page not found" screen handles it. Unknown API paths never get here: the
 * API scope's own catch-all route answers them (app.ts). With the app comes the one page address
 * that is posted to: the share target, when no service worker answered it (share-target.ts).
 */
export const webAppPlugin = fp(
  async (app, { webDist }: { /** The web app's build folder; null: none. */ webDist: string | null }) => {
    const hasWebApp = webDist !== null && existsSync(path.join(webDist, 'index.html'));
    if (hasWebApp) {
      precompressWebAssets(webDist, app.log);
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        // "/" is a page like the others (the not-found handler below).
        index: false,
        preCompressed: true,
        // Files under /assets/ carry a content hash in their names: cache them for good. Everything
        // else (index.html, sw.js, the manifest) is revalidated so a new version shows at once.
        setHeaders: (response, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            response.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
      // Without it the SPA fallback would answer /robots.txt with the page (an SEO audit error).
      app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/plain').send('User-agent: *\nDisallow: /api/\n'),
      );
      await app.register(shareTargetRoute);
    }
    app.setNotFoundHandler((request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      if (!hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ code: 'NOT_FOUND', message: translate('errors.notFound', locale) });
      }
      // Every page path gets index.html: the app picks the screen, its language and who is signed in.
      return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    });
  },
  { name: 'web-app' },
);
