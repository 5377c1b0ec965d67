import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Component tests of both front ends and libs/ui (`npm run test:web`): Vitest in jsdom with Testing Library.
 * `*.test.ts(x)` beside the code; jest keeps `*.spec.ts` (API and contracts).
 */
export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: {
      '@kasuwa/contracts': path.resolve(root, 'libs/contracts/src/index.ts'),
      '@kasuwa/ui': path.resolve(root, 'libs/ui/src'),
    },
  },
  test: {
    include: ['apps/storefront/src/**/*.test.{ts,tsx}', 'apps/backoffice/src/**/*.test.{ts,tsx}', 'libs/ui/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/' } },
    setupFiles: [path.resolve(root, 'libs/ui/src/test-setup.ts')],
    testTimeout: 60_000,
  },
});
