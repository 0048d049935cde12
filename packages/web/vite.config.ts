import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './route-preloads';

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
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The per-screen pages are for first visits; the service worker answers every page with index.html.
        globIgnores: ['pages/**'],
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
              // …and lib/load-once, which the entry shares with the lazy screens (else a chunk of its own).
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|clsx)[\\/]|[\\/]src[\\/]lib[\\/]load-once\.ts$/,
            },
            // The small pieces the signed-in screens share (buttons, inputs, cards, a few icons,
            // tailwind-merge), and the tabs three of them use, in two chunks instead of a dozen
            // files of a few hundred bytes each: a phone opens six connections, so opening My Stories
            // was three rounds of requests before its code was all there, and is now one
            // (docs/benchmarks.md, (e)). Only what two or more screens import (`minShareCount`), and
            // not what those modules import in turn, which may be in the entry already.
            {
              name: 'screens',
              test: /[\\/]src[\\/](components[\\/](ui[\\/](button|input|card|badge|label|spinner|lazy-confirm-dialog|form-field|select-trigger-class)|layout[\\/]screen-frame)|lib[\\/](utils|lazy-dialog))\.tsx?$|[\\/]contract[\\/]src[\\/](event|email)-options\.ts$|node_modules[\\/](tailwind-merge[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](pencil|trash|x|loader-circle|check|chevron-down|search|square|circle-check)\.|@radix-ui[\\/]react-(slot|compose-refs|primitive|label)[\\/])/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'tabs',
              test: /[\\/]src[\\/]components[\\/]ui[\\/]tabs\.tsx$|node_modules[\\/]@radix-ui[\\/](primitive|react-(context|presence|id|use-controllable-state|use-layout-effect|use-callback-ref|use-effect-event|use-is-hydrated|tabs|roving-focus|collection|direction))[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
