import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@academy/shared/ui/styles.css';
import { createShell } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** Resolves once the router has loaded the first route's lazy code (the sign-in page's). */
function routerReady(router: ReturnType<typeof createShell>['router']): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Issue 14: the first render starts with the first route's code at hand (no loading state rendered
// and thrown away), and as a transition it yields to the browser every few milliseconds instead of
// blocking it in one long task; the page is painted already, prerendered or as a skeleton. Rendering
// only once the router is ready also keeps the sliced render from missing the router's first update.
// The store and the router are made in a task of their own (issue 14: after the shell's code ran).
setTimeout(() => {
  const { App, router } = createShell();
  void routerReady(router).then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(<App />));
  });
}, 0);
