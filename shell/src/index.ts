// An async boundary: the federation runtime negotiates shared singletons before any of them is used.
//
// Issue 14: the boot code arrives in parallel (the page preloads every chunk below right after its
// first paint), but a single `import('./bootstrap')` would evaluate all of it (react-dom, the router,
// the store with its API, the shell) in one task of several hundred milliseconds on a phone, after the
// page has painted: blocking time. Imported in stages, each stage runs in a task of its own.
import { preloadsArrived } from './lib/preloads-arrived';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  // the scripts below arrive and compile first (see preloads-arrived.ts); 1.5 s at most
  await preloadsArrived(1500);
  await import('react-dom/client');
  await nextTask();
  await import('react-router-dom');
  await nextTask();
  await import('@reduxjs/toolkit');
  await nextTask();
  await import('@academy/shared/api');
  await nextTask();
  // the shared components (their styles are parsed as they are injected) and the texts
  await import('@academy/shared/ui');
  await nextTask();
  await import('@academy/shared/i18n');
  await nextTask();
  await import('./bootstrap');
}

void boot();
