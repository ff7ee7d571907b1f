import type { KeyboardEvent, PointerEvent } from 'react';
import type { CodeCustomCallOutcome, CodeLanguage, CodeTryResult } from '@academy/shared/contract';
import { Alert } from '@academy/shared/ui';
import { Terminal } from './terminal';
import { useT } from './texts';
import { EDITOR_HEIGHTS, FONT_SIZES, type EditorSettings } from './editor-settings';

/*
 * The code editor's extras (issue 32): its toolbar, its resize handle and where a compiler stopped. They
 * load with the editor (ace), when the student reaches for it, or when an output names a place: a code
 * task page opens without them (its budget, bench/budgets.mjs).
 */
export { outcomesErrorPlace } from './compile-marks';

/** Ctrl, or ⌘ on a Mac: the key the editor's shortcuts use there. */
const modifier = () => (typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl');

/**
 * A letter with a minus or a plus, drawn: the buttons' names say what they do ("Smaller font"), and a
 * visible text that is not part of the name ("A−") fails WCAG 2.5.3 (axe's label-content-name-mismatch).
 */
function FontSizeIcon({ larger }: { larger: boolean }) {
  return (
    <svg
      width="22"
      height="18"
      viewBox="0 0 26 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      <path d="M2 18 8 2l6 16M4.3 12h7.4" />
      <path d={larger ? 'M17 10h7M20.5 6.5v7' : 'M17 10h7'} />
    </svg>
  );
}

/** Above the code editor: its font size, and the shortcuts that check and run the code. */
export function CodeToolbar({
  settings,
  change,
  canRun,
}: {
  settings: EditorSettings;
  change(next: Partial<EditorSettings>): void;
  canRun: boolean;
}) {
  const t = useT();
  const mod = modifier();
  return (
    <div className="code-toolbar" role="toolbar" aria-label={t('editor.settings')}>
      <p className="code-toolbar__keys">
        {canRun ? t('editor.shortcuts', { mod }) : `${mod}+Enter — ${t('task.check').toLowerCase()}`}
      </p>
      <div className="code-toolbar__font">
        <button
          type="button"
          className="code-toolbar__button"
          aria-label={t('editor.fontSmaller')}
          disabled={settings.fontSize <= FONT_SIZES.min}
          onClick={() => change({ fontSize: settings.fontSize - FONT_SIZES.step })}
        >
          <FontSizeIcon larger={false} />
        </button>
        <output className="code-toolbar__size" aria-live="polite">
          {t('editor.fontSize', { size: settings.fontSize })}
        </output>
        <button
          type="button"
          className="code-toolbar__button"
          aria-label={t('editor.fontLarger')}
          disabled={settings.fontSize >= FONT_SIZES.max}
          onClick={() => change({ fontSize: settings.fontSize + FONT_SIZES.step })}
        >
          <FontSizeIcon larger />
        </button>
      </div>
    </div>
  );
}

/**
 * Under the code editor: a handle that sets how high it may grow (drag it, or focus it and press the
 * arrow keys, Home and End), kept for the next tasks.
 */
export function EditorResizeHandle({
  settings,
  change,
}: {
  settings: EditorSettings;
  change(next: Partial<EditorSettings>): void;
}) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowUp: settings.height - EDITOR_HEIGHTS.step,
      ArrowDown: settings.height + EDITOR_HEIGHTS.step,
      Home: EDITOR_HEIGHTS.min,
      End: EDITOR_HEIGHTS.max,
    };
    if (!(event.key in steps)) return;
    event.preventDefault();
    change({ height: steps[event.key] });
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const startY = event.clientY;
    const startHeight = settings.height;
    const handle = event.currentTarget;
    handle.setPointerCapture?.(event.pointerId);
    const move = (e: globalThis.PointerEvent) => change({ height: startHeight + e.clientY - startY });
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    // WAI-ARIA's window splitter: a focusable separator with a value is a widget (the rule knows only the static one)
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="editor-resize"
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('editor.height')}
      aria-valuemin={EDITOR_HEIGHTS.min}
      aria-valuemax={EDITOR_HEIGHTS.max}
      aria-valuenow={settings.height}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the splitter above is a widget
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    />
  );
}

/** A try's answer: its outcomes on the examples, or why it did not run. */
export type TryReply = { result: CodeTryResult } | { error: string };

/**
 * The student's own call in a try's output: what it returned (or its error) and what it printed. Nothing
 * when the code did not compile: the call did not run, and the examples' terminal says why.
 */
function CustomCallOutput({ custom }: { custom: CodeCustomCallOutcome }) {
  const t = useT();
  if (custom.stage === 'compile') return null;
  const failed = custom.error !== undefined;
  return (
    <div className="terminal code-try__custom">
      <p className={failed ? 'terminal__fail' : 'code-try__returned'}>
        {failed
          ? t('task.customCallFailed', { call: custom.call, error: custom.error ?? '' })
          : t('task.customCallReturned', { call: custom.call, value: custom.returned ?? '' })}
        {custom.truncated && <strong className="terminal__truncated"> [{t('task.outputTruncated')}]</strong>}
      </p>
      {custom.logs && custom.logs.length > 0 && (
        <>
          <p className="terminal__note">{t('task.customCallPrinted')}</p>
          <pre className="terminal__compile">{custom.logs.join('\n')}</pre>
        </>
      )}
    </div>
  );
}

/** A try's output under the editor: the examples' lines, the student's own call, and that a try is not an answer. */
export function TryOutput({ tried, language }: { tried: TryReply; language: CodeLanguage }) {
  const t = useT();
  return (
    <section className="code-try" aria-labelledby="code-try-title" aria-live="polite">
      <h2 id="code-try-title" className="code-try__title">
        {t('task.runTitle')}
        {'result' in tried && `: ${t('task.runSummary', { passed: tried.result.passed, total: tried.result.total })}`}
      </h2>
      {'result' in tried ? (
        <>
          <Terminal outcomes={tried.result.outcomes} language={language} />
          {tried.result.custom && <CustomCallOutput custom={tried.result.custom} />}
          <p className="code-try__note">{t('task.runNote')}</p>
        </>
      ) : (
        <Alert kind="danger">{tried.error}</Alert>
      )}
    </section>
  );
}
