import type { CacheChanges, ChangeKind, UserChangeKind } from './cache-changes';

/**
 * A per-user value kept in process (at most `max` users, the oldest kept goes first), forgotten when
 * `cache_changes` names the user under one of `kinds`, or everyone under one of `everyone`. A read
 * during which the user's value changed is returned but not kept; a cache that cannot be kept fresh
 * is bypassed (`CacheChanges.sync`).
 */
export function createUserCache<T>(
  changes: CacheChanges,
  { kinds, everyone = [], max = 10_000 }: { kinds: UserChangeKind[]; everyone?: Array<'content' | 'notice'>; max?: number },
) {
  const needed: ChangeKind[] = [...kinds, ...everyone];
  const values = new Map<number, T>();
  /** reads in flight per user: a change heard of meanwhile makes their result not worth keeping */
  const reading = new Map<number, Set<{ stale: boolean }>>();
  const forget = (userId: number) => {
    values.delete(userId);
    for (const fill of reading.get(userId) ?? []) fill.stale = true;
  };
  for (const kind of kinds) changes.onUser(kind, forget);
  for (const kind of everyone)
    changes.onAll(kind, () => {
      values.clear();
      for (const fills of reading.values()) for (const fill of fills) fill.stale = true;
    });

  return async function get(userId: number, read: () => Promise<T>): Promise<T> {
    const trusted = await changes.sync(needed);
    if (trusted) {
      const kept = values.get(userId);
      if (kept !== undefined) return kept;
    }
    const fill = { stale: false };
    let fills = reading.get(userId);
    if (!fills) reading.set(userId, (fills = new Set()));
    fills.add(fill);
    try {
      const value = await read();
      if (trusted && !fill.stale) {
        if (values.size >= max) {
          const oldest = values.keys().next();
          if (!oldest.done) values.delete(oldest.value);
        }
        values.set(userId, value);
      }
      return value;
    } finally {
      fills.delete(fill);
      if (fills.size === 0) reading.delete(userId);
    }
  };
}
