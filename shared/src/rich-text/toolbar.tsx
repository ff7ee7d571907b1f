import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Tool } from './commands';
import type { RichTexts } from './texts';

const linkIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </svg>
);

// drawn, not the text "1.": a visible text must be part of the button's name (WCAG 2.5.3)
const numberedListIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M10 6h11M10 12h11M10 18h11" />
    <path d="M4 4.5 5.5 4v5M4 14.5c.5-.7 2.5-.9 2.5.6 0 1-2.5 2.2-2.5 3.4h2.5" />
  </svg>
);

const TOOLS: Array<[Tool, keyof RichTexts, ReactNode]> = [
  ['bold', 'bold', 'B'],
  ['italic', 'italic', 'I'],
  ['insertUnorderedList', 'bulletList', '•'],
  ['insertOrderedList', 'numberedList', numberedListIcon],
  ['code', 'code', '</>'],
  ['link', 'link', linkIcon],
];

interface ToolbarProps {
  texts: RichTexts;
  /** the formatting at the caret: its toggle buttons are pressed */
  active: ReadonlySet<Tool>;
  /** the id of the editable area the toolbar formats */
  controls: string;
  onRun(tool: Tool): void;
}

/**
 * The editor's toolbar, one tab stop (the arrows, Home and End move between its buttons, as WAI-ARIA's
 * toolbar pattern has it). The formatting buttons are toggles (`aria-pressed`); the link button opens
 * the link dialog, and shows a link at the caret without being a toggle.
 */
export function Toolbar({ texts, active, controls, onRun }: ToolbarProps) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      className="rich-editor__toolbar"
      role="toolbar"
      aria-label={texts.toolbar}
      aria-controls={controls}
      onKeyDown={onKeyDown}
    >
      {TOOLS.map(([tool, text, glyph], index) => {
        const name = texts[text];
        const on = active.has(tool);
        return (
          <button
            key={tool}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            className={`rich-editor__tool rich-editor__tool--${tool}${tool === 'link' && on ? ' rich-editor__tool--current' : ''}`}
            tabIndex={index === current ? 0 : -1}
            aria-label={name}
            aria-pressed={tool === 'link' ? undefined : on}
            aria-haspopup={tool === 'link' ? 'dialog' : undefined}
            title={name}
            // keep the selection in the text while the button is pressed
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => {
              setCurrent(index);
              onRun(tool);
            }}
          >
            <span aria-hidden="true">{glyph}</span>
          </button>
        );
      })}
    </div>
  );
}
