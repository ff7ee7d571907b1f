import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@academy/shared/ui/styles.css';
import { createShell, loadLoginPage } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Issue 14: the first render starts with the first route's code at hand (on /login the sign-in
// page's, loaded first: no loading state rendered and thrown away), and as a transition it yields to
// the browser every few milliseconds instead of blocking it in one long task; the page is painted
// already, prerendered or as a skeleton. The store is made in a task of its own (issue 14: after the
// shell's code ran).
setTimeout(() => {
  const { App } = createShell();
  const firstRoute = /^\/login\/?$/.test(window.location.pathname) ? loadLoginPage() : Promise.resolve();
  // a sign-in chunk that failed to load here is asked for again as the route renders (its skeleton
  // meanwhile); failing again, the error page offers a reload, and a later visit to /login tries anew
  void firstRoute
    .catch(() => undefined)
    .then(() => {
      const root = createRoot(container);
      startTransition(() => root.render(<App />));
    });
}, 0);
