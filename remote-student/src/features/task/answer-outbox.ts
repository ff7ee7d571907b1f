import type { StudentTask } from '@academy/shared/contract';

/**
 * An answer waiting to be sent (issue 29): sent while offline, or its request failed on the way. It
 * keeps the key it was first sent with, so however often it is sent again (the network back, a reload
 * in the middle of sending, two tabs) the server grades it once.
 */
export interface QueuedAnswer {
  key: string;
  /** whose answer: a shared computer's next user never sends another's queue */
  userId: number;
  courseId: number;
  task: Pick<StudentTask, 'courseTaskId' | 'studentTaskId' | 'type'>;
  payload: Record<string, unknown>;
  queuedAt: string;
}

/** Where the queue lives: IndexedDB in the browser; any other store in a test (jsdom has no IndexedDB). */
export interface OutboxStorage {
  all(): Promise<QueuedAnswer[]>;
  put(item: QueuedAnswer): Promise<void>;
  remove(key: string): Promise<void>;
}

const DATABASE = 'academy-answers';
const STORE = 'outbox';

function request<T>(make: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'key' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  }).then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        const made = make(transaction.objectStore(STORE));
        transaction.oncomplete = () => {
          db.close();
          resolve(made.result);
        };
        transaction.onerror = () => {
          db.close();
          reject(transaction.error);
        };
      }),
  );
}

/** The queue in the browser's IndexedDB: it outlives a reload, a closed tab and a restart. */
export function indexedDbOutbox(): OutboxStorage {
  return {
    all: () => request((store) => store.getAll() as IDBRequest<QueuedAnswer[]>, 'readonly'),
    put: (item) => request((store) => store.put(item), 'readwrite').then(() => undefined),
    remove: (key) => request((store) => store.delete(key), 'readwrite').then(() => undefined),
  };
}

/** The queue in memory: where IndexedDB is missing (a private window that refuses it, jsdom in tests). */
export function memoryOutbox(): OutboxStorage {
  const items = new Map<string, QueuedAnswer>();
  return {
    all: async () => [...items.values()],
    put: async (item) => void items.set(item.key, item),
    remove: async (key) => void items.delete(key),
  };
}

let storage: OutboxStorage | null = null;
const listeners = new Set<() => void>();

/** The page's queue: IndexedDB when the browser has it. */
export function outbox(): OutboxStorage {
  storage ??= typeof indexedDB === 'undefined' ? memoryOutbox() : indexedDbOutbox();
  return storage;
}

/** Replaces the queue's store (tests; a browser whose IndexedDB fails falls back to memory). */
export function setOutboxStorage(next: OutboxStorage): void {
  storage = next;
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever the queue changes in this page; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this page's readers that the queue changed. */
export function outboxChanged(): void {
  listeners.forEach((listener) => listener());
}

/** A new submission key: random, URL-safe, the shape the server accepts. */
export function newSubmissionKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-key`;
}
