import { useCallback, useState } from 'react';

const PREFIX = 'academy:mentor-draft:';

function read(key: string): string {
  try {
    return window.localStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return ''; // storage blocked: the draft lives only in the page
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null || value === '') window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, value);
  } catch {
    // storage full or blocked: nothing is lost while the page stays open
  }
}

/**
 * A text kept as a local draft under a key (spec 2 §2.5 and §9: the page's path and query), so a
 * reload or a closed tab does not lose a mentor's comment until it is sent.
 */
export function useLocalDraft(key: string) {
  const [value, setValue] = useState(() => read(key));
  const change = useCallback(
    (next: string) => {
      setValue(next);
      write(key, next);
    },
    [key],
  );
  const clear = useCallback(() => {
    setValue('');
    write(key, null);
  }, [key]);
  return [value, change, clear] as const;
}
