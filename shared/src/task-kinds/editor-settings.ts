import { useCallback, useEffect, useState } from 'react';

/** The code editor's settings a student chose: kept in this browser for every code task. */
export interface EditorSettings {
  /** px */
  fontSize: number;
  /** px: how high the editor grows before it scrolls (spec 1 §2: 500 px unless the student changes it) */
  height: number;
}

export const FONT_SIZES = { min: 12, max: 22, step: 1 } as const;
export const EDITOR_HEIGHTS = { min: 160, max: 1200, step: 40 } as const;
const DEFAULTS: EditorSettings = { fontSize: 15, height: 500 };
const STORAGE_KEY = 'academy.editor';

const clamp = (value: unknown, { min, max }: { min: number; max: number }, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

function read(): EditorSettings {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<EditorSettings> | null;
    return {
      fontSize: clamp(stored?.fontSize, FONT_SIZES, DEFAULTS.fontSize),
      height: clamp(stored?.height, EDITOR_HEIGHTS, DEFAULTS.height),
    };
  } catch {
    // storage refused (a private window) or a value not ours: the defaults
    return DEFAULTS;
  }
}

/** The editor's settings and their setter (bounded; saved for the next task and the next visit). */
export function useEditorSettings(): [EditorSettings, (change: Partial<EditorSettings>) => void] {
  const [settings, setSettings] = useState<EditorSettings>(read);
  // another tab changed them: this one follows
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setSettings(read());
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);
  const change = useCallback((next: Partial<EditorSettings>) => {
    setSettings((current) => {
      const merged = {
        fontSize: clamp(next.fontSize ?? current.fontSize, FONT_SIZES, current.fontSize),
        height: clamp(next.height ?? current.height, EDITOR_HEIGHTS, current.height),
      };
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(merged));
      } catch {
        // not kept past this page: still applied
      }
      return merged;
    });
  }, []);
  return [settings, change];
}
