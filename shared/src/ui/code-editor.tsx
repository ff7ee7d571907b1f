import { useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import type { CodeLanguage } from '@academy/shared/contract';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: CodeLanguage;
  readOnly?: boolean;
  /** accessible name of the editor */
  label: string;
  /** spec 1 §2: 500 px, the editor's height at most (it grows with the code from `minLines`) */
  height?: number;
  /** the lines shown however short the code is */
  minLines?: number;
  /** px */
  fontSize?: number;
  /** Ctrl/Cmd+Enter: the answer sent for checking */
  onSubmit?: () => void;
  /** Ctrl/Cmd+': the code run on the examples */
  onRun?: () => void;
  /** where the compiler stopped: marked in the gutter (rows and columns from 0) */
  marks?: Array<{ row: number; column: number; text: string }>;
}

/** A line's height in the editor at a font size (ace's own measure for its monospace fonts, near enough). */
export const editorLineHeight = (fontSize: number) => Math.round(fontSize * 1.34);
/** The editor's height for some code: its lines between the least shown and the height at most. */
export function editorHeight(value: string, fontSize: number, minLines: number, maxHeight: number): number {
  const lines = Math.max(minLines, value.split('\n').length + 1);
  return Math.min(maxHeight, lines * editorLineHeight(fontSize) + 2);
}

/** Where the plain editor left off, so that ace takes over without a keystroke or a selection lost. */
export interface EditorHandover {
  focused: boolean;
  selectionStart: number;
  selectionEnd: number;
  backward: boolean;
}

type AceEditorComponent = ComponentType<CodeEditorProps & { handover?: EditorHandover }>;

let loadedAce: AceEditorComponent | null = null;
let loadingAce: Promise<AceEditorComponent> | null = null;
/** The ace chunk (~150 KB compressed, a long evaluation on a phone), fetched once for the whole page. */
function loadAce(): Promise<AceEditorComponent> {
  loadingAce ??= import('./ace-editor').then((module) => (loadedAce = module.default));
  return loadingAce;
}

/**
 * The code editor. It starts as a plain text area with the same code, size and font (editable at once,
 * nothing to download), and becomes the ace editor (react-ace: highlighting, indentation, keyboard
 * shortcuts) as soon as the reader reaches for it: the pointer over it, a touch, a focus or a key. A
 * page with code thus paints and answers without evaluating ace first (issue 14: it was the page's
 * longest task on a phone), and what was typed meanwhile, the caret and the selection carry over.
 */
export function CodeEditor(props: CodeEditorProps) {
  const [Ace, setAce] = useState<AceEditorComponent | null>(() => loadedAce);
  const [failed, setFailed] = useState(false);
  const plain = useRef<HTMLTextAreaElement>(null);
  const [handover, setHandover] = useState<EditorHandover | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // a word being composed (a phone's keyboard, an input method) is not cut off: the swap waits for its end
  const composing = useRef(false);
  const afterComposition = useRef<(() => void) | null>(null);

  const swapTo = (component: AceEditorComponent) => {
    if (!mounted.current) return;
    // read and swapped in one task (flushSync commits at once): no keystroke can fall in between
    const area = plain.current;
    flushSync(() => {
      setHandover(
        area
          ? {
              focused: document.activeElement === area,
              selectionStart: area.selectionStart,
              selectionEnd: area.selectionEnd,
              backward: area.selectionDirection === 'backward',
            }
          : undefined,
      );
      setAce(() => component);
    });
  };

  const reach = () => {
    if (Ace || failed) return;
    loadAce().then(
      (component) => {
        if (!mounted.current) return;
        if (composing.current) {
          afterComposition.current = () => swapTo(component);
          return;
        }
        swapTo(component);
      },
      // offline or a chunk gone with a redeploy: the plain editor stays, and still works
      () => {
        loadingAce = null;
        if (mounted.current) setFailed(true);
      },
    );
  };

  const fontSize = props.fontSize ?? 15;
  const height = editorHeight(props.value, fontSize, props.minLines ?? 8, props.height ?? 500);
  return (
    <div className="code-editor" role="group" aria-label={props.label}>
      {Ace ? (
        <Ace {...props} handover={handover} />
      ) : (
        <textarea
          ref={plain}
          className="code-editor__plain"
          aria-label={props.label}
          value={props.value}
          readOnly={props.readOnly}
          onChange={(event) => props.onChange?.(event.target.value)}
          onPointerEnter={reach}
          onPointerDown={reach}
          onTouchStart={reach}
          onFocus={reach}
          onKeyDown={(event) => {
            // the editor's shortcuts work before ace is there too: Ctrl/Cmd+Enter checks, Ctrl/Cmd+' runs
            const shortcut =
              (event.ctrlKey || event.metaKey) &&
              (event.key === 'Enter' ? props.onSubmit : event.key === "'" ? props.onRun : null);
            if (shortcut) {
              event.preventDefault();
              shortcut();
            }
            reach();
          }}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={() => {
            composing.current = false;
            const swap = afterComposition.current;
            afterComposition.current = null;
            // after the composed text reached the value (its input event comes with or after this one)
            if (swap) setTimeout(swap, 0);
          }}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          style={{ height, fontSize }}
        />
      )}
    </div>
  );
}
