/** Start-up step 1 (main.tsx): Preact (react-dom/client is preact/compat in the build), evaluated in a task of its own. */
export { hydrateRoot } from 'react-dom/client';
