/** Start-up step 1 (main.tsx): React DOM, evaluated in a task of its own. */
export { hydrateRoot } from 'react-dom/client';
