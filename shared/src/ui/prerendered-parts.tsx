import { createContext, useContext, useId, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { handOffPrerendered } from './prerendered';

/** A part of the page tells its gate that it is committed. */
type Report = (part: string) => void;

const PartsContext = createContext<Report | null>(null);

/**
 * A page whose copy shows several parts that load lazily (a task's body, the items of its comment
 * thread): the hand-off waits until each of its `parts` (a `PrerenderedHandoff` or `PrerenderedPart`
 * inside) is committed. The live page then takes over with every control the copy had: a press held on
 * the copy's like button finds its live button, and no part flashes back to a skeleton.
 */
export function PrerenderedParts({ parts, children }: { parts: number; children: ReactNode }) {
  const shown = useRef(new Set<string>());
  const report = useMemo<Report>(
    () => (part) => {
      shown.current.add(part);
      if (shown.current.size >= parts) handOffPrerendered();
    },
    [parts],
  );
  return <PartsContext.Provider value={report}>{children}</PartsContext.Provider>;
}

function usePart(alone: boolean): void {
  const report = useContext(PartsContext);
  const id = useId();
  useLayoutEffect(() => {
    if (report) report(id);
    else if (alone) handOffPrerendered();
  }, [report, id, alone]);
}

/**
 * Hands the prerendered page over once it is committed: placed inside a Suspense boundary next to a part
 * that loads lazily (a task's body), it is there only when that part is, so the live page takes over
 * with the same fields and buttons as the copy (what was typed or pressed there carries over). Inside
 * `PrerenderedParts`, it is one of the parts the hand-off waits for.
 */
export function PrerenderedHandoff(): null {
  usePart(true);
  return null;
}

/** One of the parts a `PrerenderedParts` waits for, once committed; nothing outside one. */
export function PrerenderedPart(): null {
  usePart(false);
  return null;
}
