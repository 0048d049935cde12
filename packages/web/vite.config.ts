import { sharedPhotosField, shareTargetPath } from '@life-updates/contract/share-target-options';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Our own service worker source (src/sw.ts), so that it imports the offline queue's names
      // and store from the module the app uses.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false,
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
        // Sharing photos, text or a link from another app opens My Stories with them in the new-idea
        // form. A POST of multipart form data, the only way files come (Web Share Target level 2,
        // https://w3c.github.io/web-share-target/level-2/#share_target-member); the service worker
        // keeps the photos and sends the browser on to GET /share with the text (src/sw.ts,
        // app/routes/incoming.tsx), and without one the server does the latter. Installs from before
        // keep their GET share target until the browser updates the installed app.
        share_target: {
          action: shareTargetPath,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            // The same names in the form data as in GET /share's query (sharedTextFields).
            title: 'title',
            text: 'text',
            url: 'url',
            // MIME types only: an Android install turns them into its share filter, which takes no file
            // extensions, and is offered, and passed, only files of these types.
            files: [{ name: sharedPhotosField, accept: ['image/*'] }],
          },
        },
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The install dialog's screenshots are fetched by the browser when it shows that dialog.
        globIgnores: ['screenshots/**'],
        // A classic script: registered without `type: 'module'` (lib/service-worker.ts).
        rollupFormat: 'iife',
      },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
