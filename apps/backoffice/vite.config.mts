import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(appRoot, '../..');
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

/** The back office: served by the API under /app.admin, built into dist/apps/backoffice. */
export default defineConfig({
  root: appRoot,
  base: '/app.admin/',
  plugins: [react()],
  resolve: {
    alias: { '@kasuwa/contracts': resolve(repoRoot, 'libs/contracts/src/index.ts') },
  },
  server: { port: 4201, proxy: apiProxy }, // the storefront uses 4200 (dev) and 4300 (preview)
  preview: { port: 4301, proxy: apiProxy },
  build: {
    outDir: resolve(repoRoot, 'dist/apps/backoffice'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendors change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/, priority: 20 },
            { name: 'vendor-admin', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
