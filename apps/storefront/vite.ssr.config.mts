import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const appRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(appRoot, '../..');
const serializeMemo = path.resolve(appRoot, 'src/ssr/serializeMemo.ts');

/**
 * Emotion's (and MUI's) imports of @emotion/serialize get src/ssr/serializeMemo.ts, which keeps the CSS of a styled
 * element with the same props from one page to the next; its own import gets the real module.
 */
const styleMemo: Plugin = {
  name: 'kasuwa-ssr-serialize-memo',
  enforce: 'pre',
  resolveId(source, importer) {
    return source === '@emotion/serialize' && importer && path.resolve(importer) !== serializeMemo ? serializeMemo : null;
  },
};

/**
 * The server-side build of the storefront (src/entry-server.tsx): one CommonJS bundle with every
 * dependency inside, which the API (CommonJS) requires at start to render the public pages.
 */
export default defineConfig({
  root: appRoot,
  mode: 'production',
  plugins: [styleMemo, react()],
  resolve: {
    alias: [
      { find: '@kasuwa/contracts', replacement: path.resolve(repoRoot, 'libs/contracts/src/index.ts') },
      { find: '@kasuwa/ui', replacement: path.resolve(repoRoot, 'libs/ui/src') },
    ],
  },
  ssr: { noExternal: true, target: 'node' },
  // React's production build on the server too (a server build leaves process.env alone otherwise).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: path.resolve(repoRoot, 'dist/apps/storefront-ssr'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      output: { format: 'cjs', entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
