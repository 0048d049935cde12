import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './route-preloads';

/** A `codeSplitting` test: the module's path (with / on every platform) contains one of `parts`. */
const pathContains =
  (...parts: string[]) =>
  (id: string) => {
    const modulePath = id.replaceAll('\\', '/');
    return parts.some((part) => modulePath.includes(part));
  };
/** Files of the web app's own src/, packages in node_modules, lucide icons: as `pathContains` parts. */
const webSrc = (...files: string[]) => files.map((file) => `/web/src/${file}`);
const packages = (...names: string[]) => names.map((name) => `/node_modules/${name}/`);
const icons = (...names: string[]) => names.map((name) => `/node_modules/lucide-react/dist/esm/icons/${name}.mjs`);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads({
      catalogues: { en: 'src/lib/locales/en-rest.ts', ru: '../contract/src/locales/ru.ts' },
      // The routes app/router.tsx wraps in withCatalogue, behind ProtectedLayout.
      signedInRoutes: ['dashboard', 'create', 'generate', 'summeris', 'contacts', 'settings'],
      shellRenderer: '/src/app/prerender-shell.tsx',
    }),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Life Updates',
        short_name: 'Life Updates',
        description: 'Turn the things that happen in your life into posts and personal updates.',
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          // The mark inside the safe zone a launcher's mask keeps (scripts/pwa-images.mjs).
          { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The install dialog's pictures: My Stories on a phone and on a wide screen (scripts/pwa-images.mjs).
        screenshots: [
          {
            src: '/screenshots/my-stories-narrow.png',
            sizes: '412x915',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'My Stories: write down what happened, by typing or by voice',
          },
          {
            src: '/screenshots/my-stories-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'My Stories: your ideas sorted into Raw, Later, Ready and Sent',
          },
        ],
        // Sharing text or a link from another app opens My Stories with it in the new-idea box
        // (app/routes/share.tsx).
        share_target: {
          action: '/share',
          method: 'GET',
          enctype: 'application/x-www-form-urlencoded',
          params: { title: 'title', text: 'text', url: 'url' },
        },
      },
      workbox: {
        navigateFallback: '/index.html',
        // /u/ is the server-rendered unsubscribe page a contact opens from an email.
        navigateFallbackDenylist: [/^\/api\//, /^\/u\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The per-screen pages are for first visits; the service worker answers every page with index.html.
        // The install dialog's screenshots are fetched by the browser when it shows that dialog.
        globIgnores: ['pages/**', 'screenshots/**'],
        // Background Sync of the ideas kept offline (public/idea-sync-sw.js).
        importScripts: ['/idea-sync-sw.js'],
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The libraries every screen runs on, in one chunk: the entry is six files instead of nine,
        // which paints sooner on a phone's few connections (docs/benchmarks.md, Lighthouse).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: pathContains(
                ...packages('react', 'react-dom', 'scheduler', 'react-router', 'i18next', 'react-i18next'),
                ...packages('@tanstack', 'clsx'),
                // …and lib/load-once, which the entry shares with the lazy screens (else a chunk of its own).
                ...webSrc('lib/load-once.ts'),
              ),
            },
            // The small pieces the signed-in screens share (buttons, inputs, cards, a few icons,
            // tailwind-merge), and the tabs three of them use, in two chunks instead of a dozen
            // files of a few hundred bytes each: a phone opens six connections, so opening My Stories
            // was three rounds of requests before its code was all there, and is now one
            // (docs/benchmarks.md, (e)). Only what two or more screens import (`minShareCount`), and
            // not what those modules import in turn, which may be in the entry already.
            {
              name: 'screens',
              test: pathContains(
                ...webSrc('components/ui/button.tsx', 'components/ui/input.tsx', 'components/ui/card.tsx'),
                ...webSrc('components/ui/badge.tsx', 'components/ui/label.tsx', 'components/ui/spinner.tsx'),
                ...webSrc('components/ui/lazy-confirm-dialog.tsx', 'components/ui/form-field.tsx'),
                ...webSrc('components/ui/select-trigger-class.ts', 'components/layout/screen-frame.tsx'),
                ...webSrc('lib/utils.ts', 'lib/lazy-dialog.tsx'),
                // The ideas kept on this device: My Stories, the sender in every signed-in screen
                // (ProtectedLayout) and the share target use them.
                ...webSrc('features/ideas/offline/idea-queue.ts', 'features/ideas/offline/shared-text.ts'),
                ...webSrc('features/ideas/api/queued-ideas.ts', 'features/ideas/api/transcribe-audio.ts'),
                ...packages('idb-keyval'),
                '/contract/src/event-options.ts',
                '/contract/src/email-options.ts',
                ...packages('tailwind-merge', '@radix-ui/react-slot', '@radix-ui/react-compose-refs'),
                ...packages('@radix-ui/react-primitive', '@radix-ui/react-label'),
                ...icons('pencil', 'trash', 'x', 'loader-circle', 'check', 'chevron-down', 'search', 'square'),
                ...icons('circle-check'),
              ),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'tabs',
              test: pathContains(
                ...webSrc('components/ui/tabs.tsx'),
                ...packages('@radix-ui/primitive', '@radix-ui/react-tabs', '@radix-ui/react-roving-focus'),
                ...packages('@radix-ui/react-collection', '@radix-ui/react-direction', '@radix-ui/react-presence'),
                ...packages('@radix-ui/react-context', '@radix-ui/react-id', '@radix-ui/react-use-controllable-state'),
                ...packages('@radix-ui/react-use-layout-effect', '@radix-ui/react-use-callback-ref'),
                ...packages('@radix-ui/react-use-effect-event', '@radix-ui/react-use-is-hydrated'),
              ),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
