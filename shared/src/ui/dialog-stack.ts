import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The dialogs of the page, kept in one place (`shared` is one module for the shell and every remote):
 * those shown, the last opened on top, and those that open by themselves waiting for their turn.
 * Only the top one answers Esc, a press outside and Tab; a waiting one opens once none is shown and
 * the ones that asked before it have closed (issue 29: a congratulation stacked over an important
 * notice, and one "Close" closed both).
 */
let shown: readonly symbol[] = [];
let waiting: readonly symbol[] = [];
const listeners = new Set<() => void>();

function change(next: { shown?: readonly symbol[]; waiting?: readonly symbol[] }) {
  shown = next.shown ?? shown;
  waiting = next.waiting ?? waiting;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the dialog is the top one shown (the one Esc, a press outside and Tab belong to). */
export function isTopDialog(token: symbol): boolean {
  return shown[shown.length - 1] === token;
}

/** A waiting dialog's turn: first in line and no other dialog shown (once shown, it stays until closed). */
function hasTurn(token: symbol): boolean {
  if (shown.includes(token)) return true;
  return waiting[0] === token && shown.length === 0;
}

/**
 * Whether a dialog shows now: one opened at the user's request at once; a `queued` one (it opens by
 * itself) when its turn comes. While shown it is on the stack.
 */
export function useDialogTurn(open: boolean, queued: boolean): { visible: boolean; token: symbol } {
  const [token] = useState(() => Symbol('dialog'));
  const wants = open && queued;
  useEffect(() => {
    if (!wants) return;
    change({ waiting: [...waiting, token] });
    return () => change({ waiting: waiting.filter((t) => t !== token) });
  }, [wants, token]);
  const turn = useSyncExternalStore(
    subscribe,
    () => hasTurn(token),
    () => false,
  );
  const visible = open && (!queued || turn);
  useEffect(() => {
    if (!visible) return;
    change({ shown: [...shown, token] });
    return () => change({ shown: shown.filter((t) => t !== token) });
  }, [visible, token]);
  return { visible, token };
}
