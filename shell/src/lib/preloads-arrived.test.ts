import { preloadsArrived } from './preloads-arrived';

type Callback = (list: { getEntries(): PerformanceEntryList }) => void;

/** A stand-in for the browser's observer (jsdom has none): the test reports resource entries through it. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: unknown = null;
  disconnected = false;
  constructor(readonly callback: Callback) {
    FakeObserver.last = this;
  }
  observe(options: unknown): void {
    this.observed = options;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  report(...urls: string[]): void {
    this.callback({ getEntries: () => urls.map((name) => ({ name }) as PerformanceEntry) });
  }
}

function listing(content: string): void {
  document.head.innerHTML = `<script type="application/json" id="academy-preload">${content}</script>`;
}

/** Whether the promise has settled after the pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeObserver.last = null;
  (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
});

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
  document.head.innerHTML = '';
});

test('waits for every listed script (not the styles), counting those that arrived before', async () => {
  listing(JSON.stringify(['/vendor-react.1.js', '/323.2.css', '/remotes/student/remoteEntry.js', 'https://cdn.example/x.js']));
  const waiting = preloadsArrived(1500);
  expect(FakeObserver.last?.observed).toEqual({ type: 'resource', buffered: true });
  FakeObserver.last!.report(`${location.origin}/vendor-react.1.js`, `${location.origin}/323.2.css`);
  expect(await settled(waiting)).toBe(false);
  FakeObserver.last!.report(`${location.origin}/remotes/student/remoteEntry.js`);
  expect(await settled(waiting)).toBe(false);
  FakeObserver.last!.report('https://cdn.example/x.js');
  expect(await settled(waiting)).toBe(true);
  expect(FakeObserver.last!.disconnected).toBe(true);
});

test('gives up waiting after the cap when a script never arrives', async () => {
  listing(JSON.stringify(['/main-chunk.js', '/never.js']));
  const waiting = preloadsArrived(1500);
  FakeObserver.last!.report(`${location.origin}/main-chunk.js`);
  jest.advanceTimersByTime(1499);
  expect(await settled(waiting)).toBe(false);
  jest.advanceTimersByTime(1);
  expect(await settled(waiting)).toBe(true);
  expect(FakeObserver.last!.disconnected).toBe(true);
});

test('stops waiting for a script whose preload failed, before the boot or while it waits', async () => {
  listing(JSON.stringify(['/failed-before.js', '/fails-later.js', '/arrives.js']));
  const before = document.createElement('link');
  before.rel = 'preload';
  before.href = '/failed-before.js';
  before.setAttribute('data-failed', '');
  const later = document.createElement('link');
  later.rel = 'preload';
  later.href = '/fails-later.js';
  document.head.append(before, later);
  const waiting = preloadsArrived(1500);
  FakeObserver.last!.report(`${location.origin}/arrives.js`);
  expect(await settled(waiting)).toBe(false);
  later.dispatchEvent(new Event('error'));
  expect(await settled(waiting)).toBe(true);
});

test('waits for nothing when every listed script failed before the boot', async () => {
  listing(JSON.stringify(['/gone.js']));
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = '/gone.js';
  link.setAttribute('data-failed', '');
  document.head.append(link);
  expect(await settled(preloadsArrived(1500))).toBe(true);
  expect(FakeObserver.last?.observed).toBeNull();
});

test('waits for nothing without a list, with an unreadable one, or with styles only', async () => {
  expect(await settled(preloadsArrived(1500))).toBe(true);
  listing('{not json');
  expect(await settled(preloadsArrived(1500))).toBe(true);
  listing(JSON.stringify(['/a.css']));
  expect(await settled(preloadsArrived(1500))).toBe(true);
  expect(FakeObserver.last).toBeNull();
});

test('waits for nothing in a browser without PerformanceObserver', async () => {
  delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
  listing(JSON.stringify(['/a.js']));
  expect(await settled(preloadsArrived(1500))).toBe(true);
});
