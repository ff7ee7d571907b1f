/**
 * Issue 33: resolves once every script the page preloads (the JSON list `#academy-preload`, made into
 * `<link rel=preload>` by the inline boot script) has arrived or failed, or after `capMs` at the latest.
 *
 * Why the boot waits for them: the browser compiles each arriving script on background threads. On a
 * 2-core machine a boot stage run meanwhile got a tenth of a core: in Lighthouse's traces the stages'
 * tasks lasted 23–77 ms of wall time for 0–20 ms of CPU time, and the simulated phone multiplies wall
 * time. The boot needs every one of those scripts before it can render, so waiting for the burst to
 * pass costs the page nothing it could have had earlier, and its stages then run on a free core.
 */
export function preloadsArrived(capMs: number, doc: Document = document): Promise<void> {
  let listed: unknown = [];
  try {
    listed = JSON.parse(doc.getElementById('academy-preload')?.textContent || '[]');
  } catch {
    // an unreadable list: nothing to wait for
  }
  const pending = new Set(
    (Array.isArray(listed) ? listed : [])
      .filter((url): url is string => typeof url === 'string' && url.endsWith('.js'))
      .map((url) => new URL(url, doc.baseURI).href),
  );
  if (pending.size === 0 || typeof PerformanceObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => arrived(list.getEntries().map((entry) => entry.name)));
    const timer = setTimeout(done, capMs);
    // a failed preload may leave no resource entry (the spec allows it): the boot script marks its link,
    // or its error event comes while the boot waits
    const failed = (event: Event) => {
      if (event.target instanceof HTMLLinkElement && event.target.rel === 'preload') arrived([event.target.href]);
    };
    doc.addEventListener('error', failed, true);
    function done(): void {
      observer.disconnect();
      doc.removeEventListener('error', failed, true);
      clearTimeout(timer);
      resolve();
    }
    function arrived(urls: string[]): void {
      for (const url of urls) pending.delete(url);
      if (pending.size === 0) done();
    }
    arrived([...doc.querySelectorAll<HTMLLinkElement>('link[rel=preload][data-failed]')].map((link) => link.href));
    // `buffered`: the scripts that arrived before the boot's entry ran count too
    if (pending.size > 0) observer.observe({ type: 'resource', buffered: true });
  });
}
