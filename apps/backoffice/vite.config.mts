import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(appRoot, '../..');

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/** The back office: served by the API under /app.admin, built into dist/apps/backoffice. */
export default defineConfig({
  root: appRoot,
  base: '/app.admin/',
  // .br and .gz copies of every built text asset, which the API serves by Accept-Encoding (apps/api/src/web.ts).
  // index.html is left out: the API rewrites it per request and compresses that answer on the fly.
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(m?js|css|svg|ico|json|webmanifest|txt|xml)$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
    }),
  ],
  resolve: {
    alias: {
      '@kasuwa/contracts': resolve(repoRoot, 'libs/contracts/src/index.ts'),
      '@kasuwa/ui': resolve(repoRoot, 'libs/ui/src'),
    },
  },
  server: { port: 4201, proxy: apiProxy }, // the storefront uses 4200 (dev) and 4300 (preview)
  preview: { port: 4301, proxy: apiProxy },
  build: {
    outDir: resolve(repoRoot, 'dist/apps/backoffice'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendors change far less often than our code: separate chunks stay cached across deploys. Only what the
        // login page and the layout need goes into them; a library used by one lazy screen (the uploader's, the
        // grids' filters…) stays with that screen or a shared lazy chunk, so a first visit on a phone stays small.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-ui', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
});
