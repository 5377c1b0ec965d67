import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait 1 s by default. CI runs the component files in parallel on a loaded two-core machine, where a
// re-render after a fetch has taken longer than that (the shipping dialog's second address read failed CI once).
// A wait only ends early when its condition holds, so a long limit costs nothing on a passing test.
configure({ asyncUtilTimeout: 15_000 });

// Testing Library unmounts after each test only when the runner exposes globals; Vitest's are off here.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
