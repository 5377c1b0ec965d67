/** Start-up step 2 (main.tsx): the router, evaluated in a task of its own. */
export { BrowserRouter } from 'react-router-dom';
