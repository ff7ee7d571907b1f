import { expect, type Page } from '@playwright/test';
import { createUser, enrol, PRACTICE, signIn, test } from './helpers';

/**
 * docs/architecture.md, "Frontend composition": the shell and the remotes share exactly one React, one store and one
 * router. Seen from outside the product, as React DevTools and Redux DevTools see a page: a stand-in
 * DevTools hook counts the React renderers that register and walks every committed tree for the
 * context values of react-redux (the store) and React Router (its navigator: the one history every link
 * and navigation goes through; and any data router, of which the academy has none since issue 14's
 * router subset); a stand-in Redux DevTools compose counts the stores created.
 */
async function installDevToolsProbes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const roots = new Set<unknown>();
    const probe = { renderers: 0, stores: 0, roots };
    Object.assign(window, {
      academyProbe: probe,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers: new Map(),
        supportsFiber: true,
        isDisabled: false,
        inject(renderer: unknown) {
          probe.renderers += 1;
          this.renderers.set(probe.renderers, renderer);
          return probe.renderers;
        },
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberRoot(_id: number, root: unknown) {
          roots.add(root);
        },
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
      },
      // RTK's configureStore asks it once per store, with its options, for a compose function
      __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: (options: unknown) => {
        if (options && typeof options === 'object') probe.stores += 1;
        return (...enhancers: Array<(next: unknown) => unknown>) =>
          enhancers.reduceRight<(next: unknown) => unknown>(
            (composed, enhancer) => (next) => enhancer(composed(next)),
            (next) => next,
          );
      },
    });
  });
}

interface Census {
  renderers: number;
  storesCreated: number;
  roots: number;
  stores: number;
  dataRouters: number;
  navigators: number;
}

/** What the committed React trees hold: distinct stores, data routers and navigators in context values. */
function census(page: Page): Promise<Census> {
  return page.evaluate(() => {
    interface Fiber {
      child: Fiber | null;
      sibling: Fiber | null;
      memoizedProps?: { value?: Record<string, unknown> } | null;
    }
    const probe = (window as unknown as { academyProbe: { renderers: number; stores: number; roots: Set<{ current: Fiber }> } })
      .academyProbe;
    const stores = new Set<unknown>();
    const dataRouters = new Set<unknown>();
    const navigators = new Set<unknown>();
    for (const root of probe.roots) {
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const fiber = stack.pop()!;
        const value = fiber.memoizedProps?.value;
        if (value && typeof value === 'object') {
          const store = value.store as { dispatch?: unknown; getState?: unknown } | undefined;
          if (store && typeof store.dispatch === 'function' && typeof store.getState === 'function') stores.add(store);
          const router = value.router as { navigate?: unknown; subscribe?: unknown } | undefined;
          if (router && typeof router.navigate === 'function' && typeof router.subscribe === 'function') dataRouters.add(router);
          const navigator = value.navigator as { push?: unknown; createHref?: unknown } | undefined;
          if (navigator && typeof navigator.push === 'function' && typeof navigator.createHref === 'function')
            navigators.add(navigator);
        }
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
    }
    return {
      renderers: probe.renderers,
      storesCreated: probe.stores,
      roots: probe.roots.size,
      stores: stores.size,
      dataRouters: dataRouters.size,
      navigators: navigators.size,
    };
  });
}

test('the shell and the remotes on one page share one React, one store and one router', async ({ page, request }) => {
  const student = await createUser(request, { role: 'PAY_STUDENT', paymentType: 'REGULAR' });
  const courseId = await enrol(request, student);
  await installDevToolsProbes(page);
  // the federation runtime warns when a shared module's version does not satisfy a build's requirement
  // (a library subset aliased without its package's version, say): none may
  const federationWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Federation Runtime')) federationWarnings.push(message.text());
  });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  await expect(page.getByRole('region', { name: 'Основные курсы' }).getByRole('link').first()).toBeVisible();
  // the student remote's course page inside the shell's frame: the remote's own pieces mounted too
  await page
    .getByRole('link', { name: new RegExp(PRACTICE) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/courses/${courseId}$`));
  await expect(page.getByRole('navigation', { name: 'Разделы студента' })).toBeVisible();

  const seen = await census(page);
  expect(seen).toEqual({ renderers: 1, storesCreated: 1, roots: 1, stores: 1, dataRouters: 0, navigators: 1 });
  expect(federationWarnings).toEqual([]);
});

/**
 * The federation runtime core is on the page once too: the shell lends its own to the remotes
 * (tooling/provide-runtime-core.mjs), and a remote built against another minor of it refuses to start.
 * Its area then shows the fallback, inside the shell's frame, instead of running on a core it does not know.
 */
test('the remotes run on the shell’s federation runtime core, and refuse one of another minor', async ({ page, request }) => {
  const student = await createUser(request, { role: 'PAY_STUDENT', paymentType: 'REGULAR' });
  await enrol(request, student);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, student);
  await page.waitForURL('**/user/courses');
  await expect(page.getByRole('region', { name: 'Основные курсы' }).getByRole('link').first()).toBeVisible();
  // one core: the one the shell's runtime runs on is the one the student area's instance was made by
  const cores = await page.evaluate(() => {
    const page = globalThis as unknown as {
      _FEDERATION_RUNTIME_CORE: { ModuleFederation: unknown };
      _FEDERATION_RUNTIME_CORE_FROM: { name: string };
      __FEDERATION__: { __INSTANCES__: Array<{ name: string; constructor: unknown }> };
    };
    return {
      from: page._FEDERATION_RUNTIME_CORE_FROM.name,
      instances: page.__FEDERATION__.__INSTANCES__.map((instance) => ({
        name: instance.name,
        lent: instance.constructor === page._FEDERATION_RUNTIME_CORE.ModuleFederation,
      })),
    };
  });
  expect(cores.from).toBe('academy_shell');
  expect(cores.instances).toContainEqual({ name: 'academy_student', lent: true });
  expect(cores.instances.every((instance) => instance.lent)).toBe(true);

  // a shell whose core is of another minor: the student area does not start
  await page.addInitScript(() => {
    let lent: { name: string; version: string } | undefined;
    Object.defineProperty(globalThis, '_FEDERATION_RUNTIME_CORE_FROM', {
      configurable: true,
      get: () => lent,
      set: (value: { name: string; version: string }) => {
        lent = { ...value, version: '2.999.0' };
      },
    });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Раздел временно недоступен' })).toBeVisible();
  // the shell's frame stays: its header, with the way out
  await expect(page.getByRole('banner')).toBeVisible();
  expect(errors.join('\n')).toContain("academy_student runs on the shell's federation runtime core 2.");
});
