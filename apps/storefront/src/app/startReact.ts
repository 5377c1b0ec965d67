/** Start-up step 1 (main.tsx): React and React DOM (the react chunk), evaluated in a task of its own. */
export { hydrateRoot } from 'react-dom/client';
