import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { isTopDialog, useDialogTurn } from './dialog-stack';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function useEscape(active: boolean, onEscape: () => void, isTop: () => boolean = () => true) {
  useEffect(() => {
    if (!active) return;
    const handler = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isTop()) onEscape();
    };
    document.addEventListener('keydown', handler);
    return () => document.removeEventListener('keydown', handler);
  }, [active, onEscape, isTop]);
}

interface DialogBaseProps {
  open: boolean;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  /**
   * a dialog that opens by itself, not at the user's request (an important notice, a congratulation,
   * a report due): it waits while another dialog is shown, and those queued before it go first
   */
  queued?: boolean;
}

export type DialogProps = DialogBaseProps &
  (
    | { dismissible?: true; onClose: () => void; closeLabel: string }
    /** a dialog the user must answer: no close button, Esc and the backdrop do nothing */
    | { dismissible: false; onClose?: undefined; closeLabel?: undefined }
  );

const stay = () => {};

/**
 * A modal dialog: focus moves in and is kept inside, Esc closes, focus returns to the opener. With
 * `dismissible={false}` it cannot be closed by the user, only by what its content does. Over another
 * dialog, only the top one answers the keyboard and presses outside it; a `queued` one opens in turn.
 */
export function Dialog({
  open: wanted,
  queued = false,
  title,
  onClose = stay,
  children,
  footer,
  closeLabel,
  width = 480,
  dismissible = true,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { visible: open, token } = useDialogTurn(wanted, queued);
  const isTop = useCallback(() => isTopDialog(token), [token]);
  useEscape(open && dismissible, onClose, isTop);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const element = panel.current;
    const first = element?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? element)?.focus();
    // content that arrives later (a lazily loaded form): its first control takes the focus, as it
    // would have at the opening, unless the reader has moved it since
    let arrival: MutationObserver | null = null;
    if (!first && element) {
      arrival = new MutationObserver(() => {
        const later = element.querySelector<HTMLElement>(FOCUSABLE);
        if (!later) return;
        arrival?.disconnect();
        if (document.activeElement === element) later.focus();
      });
      arrival.observe(element, { childList: true, subtree: true });
    }
    return () => {
      arrival?.disconnect();
      opener?.focus();
    };
  }, [open]);
  useEffect(() => {
    if (!open) return;
    // Tab stays inside the dialog; a press on the backdrop (outside the panel) closes it.
    const trap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !panel.current || !isTop()) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        // nothing to move to yet (a part still loading): the focus stays on the panel
        event.preventDefault();
        panel.current.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const backdrop = (event: MouseEvent) => {
      if (!panel.current || panel.current.contains(event.target as Node) || !isTop()) return;
      if (dismissible) onClose();
      // a dialog that must be answered keeps the focus where it was
      else event.preventDefault();
    };
    document.addEventListener('keydown', trap);
    document.addEventListener('mousedown', backdrop);
    return () => {
      document.removeEventListener('keydown', trap);
      document.removeEventListener('mousedown', backdrop);
    };
  }, [open, onClose, dismissible, isTop]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ maxWidth: width }}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden>×</span>
            </button>
          )}
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>
  );
}

function useOutsideClick(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!active) return;
    const handler = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('mousedown', handler);
    return () => document.removeEventListener('mousedown', handler);
  }, [ref, active, onOutside]);
}

export interface PopoverProps {
  /** renders the trigger button; spread the given props onto it */
  trigger: (props: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void }) => ReactNode;
  children: (close: () => void) => ReactNode;
  label: string;
  align?: 'start' | 'end';
}

/** A disclosure: a button that opens a panel below it; Esc or a click outside closes it. */
export function Popover({ trigger, children, label, align = 'end' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const closeAndRefocus = useCallback(() => {
    setOpen(false);
    document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`)?.focus();
  }, [id]);
  useEscape(open, closeAndRefocus);
  useOutsideClick(root, open, close);
  return (
    <div className="popover" ref={root}>
      {trigger({ 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((v) => !v) })}
      <div id={id} className={`popover__panel popover__panel--${align}`} hidden={!open} role="region" aria-label={label}>
        {open && children(closeAndRefocus)}
      </div>
    </div>
  );
}
