import { useEffect, useMemo, useRef, useState } from 'react';
import ace from 'ace-builds/src-noconflict/ace';
import AceEditor from 'react-ace';
import 'ace-builds/src-noconflict/mode-javascript';
import 'ace-builds/src-noconflict/mode-typescript';
import 'ace-builds/src-noconflict/theme-tomorrow';
// autocompletion: the language's keywords and the words of the code, as the student types
import 'ace-builds/src-noconflict/ext-language_tools';
import { useT } from '@academy/shared/i18n';
import type { CodeLanguage } from '@academy/shared/contract';
import { editorLineHeight, type CodeEditorProps, type EditorHandover } from './code-editor';

/**
 * The other languages' modes, each a chunk of its own fetched when a task in that language opens
 * (JavaScript and TypeScript, the most common, come with the editor): ace's mode name and its loader.
 */
const MORE_MODES: Partial<Record<CodeLanguage, [string, () => Promise<unknown>]>> = {
  java: ['java', () => import('ace-builds/src-noconflict/mode-java')],
  go: ['golang', () => import('ace-builds/src-noconflict/mode-golang')],
  python: ['python', () => import('ace-builds/src-noconflict/mode-python')],
  sql: ['pgsql', () => import('ace-builds/src-noconflict/mode-pgsql')],
};
const loadedModes = new Set<CodeLanguage>(['javascript', 'typescript']);

/** ace's mode for the language: plain text until its chunk is here, then the language's own. */
function useMode(language: CodeLanguage): string {
  const more = MORE_MODES[language];
  // re-rendered when a chunk arrives (the set itself lives outside React: loaded once per page)
  const [, setArrived] = useState<CodeLanguage | null>(null);
  useEffect(() => {
    if (!more || loadedModes.has(language)) return;
    let live = true;
    more[1]().then(
      () => {
        loadedModes.add(language);
        if (live) setArrived(language);
      },
      () => undefined, // no highlighting: the code stays editable as plain text
    );
    return () => {
      live = false;
    };
  }, [language, more]);
  if (!more) return language;
  return loadedModes.has(language) ? more[0] : 'text';
}

/**
 * The page's theme (issue 32: `data-theme` on <html>, set by the shell's boot script and its switch),
 * followed live: ace's tomorrow theme in the light, tomorrow_night (a chunk of its own) in the dark.
 */
let nightThemeLoaded = false;
function useAceTheme(): string {
  const [dark, setDark] = useState(() => document.documentElement.getAttribute('data-theme') === 'dark');
  // loaded once per page, like the modes: a second editor starts in the night theme at once
  const [nightLoaded, setNightLoaded] = useState(nightThemeLoaded);
  useEffect(() => {
    const html = document.documentElement;
    const observer = new MutationObserver(() => setDark(html.getAttribute('data-theme') === 'dark'));
    observer.observe(html, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!dark || nightLoaded) return;
    let live = true;
    import('ace-builds/src-noconflict/theme-tomorrow_night').then(
      () => {
        nightThemeLoaded = true;
        if (live) setNightLoaded(true);
      },
      () => undefined, // the light theme stays: readable, only brighter
    );
    return () => {
      live = false;
    };
  }, [dark, nightLoaded]);
  return dark && nightLoaded ? 'tomorrow_night' : 'tomorrow';
}

// No syntax-check workers: they are created from blob: URLs, which the CSP (script-src 'self') forbids,
// and the session would start one before react-ace applies its own options.
ace.config.setDefaultValue('session', 'useWorker', false);

// The completion popup is an editor of its own whose text input ace hides from assistive technology
// (aria-hidden) but leaves in the tab order: out of it (axe: aria-hidden-focus), the student's keys
// reach the popup through the editor they type in.
const { Autocomplete } = ace.require('ace/autocomplete') as {
  Autocomplete: { prototype: { $init(this: { popup?: { renderer: { textarea: HTMLElement } } }, ...args: unknown[]): unknown } };
};
const initPopup = Autocomplete.prototype.$init;
Autocomplete.prototype.$init = function (...args: unknown[]) {
  const popup = initPopup.apply(this, args);
  this.popup?.renderer.textarea.setAttribute('tabindex', '-1');
  return popup;
};

// ace warns for every key a message table lacks: ours is its English table with our texts on top
const ENGLISH = (ace.require('ace/lib/default_english_messages') as { defaultEnglishMessages: Record<string, string> })
  .defaultEnglishMessages;

/** The react-ace editor itself: in its own chunk, loaded only where a code editor is shown. */
export default function AceCodeEditor({
  value,
  onChange,
  language,
  readOnly,
  label,
  height = 500,
  minLines = 8,
  fontSize = 15,
  onSubmit,
  onRun,
  marks,
  handover,
}: CodeEditorProps & { handover?: EditorHandover }) {
  const t = useT();
  const mode = useMode(language);
  const theme = useAceTheme();
  // the shortcuts call the latest handlers (ace keeps the commands it was given first)
  const handlers = useRef({ onSubmit, onRun });
  useEffect(() => {
    handlers.current = { onSubmit, onRun };
  }, [onSubmit, onRun]);
  const commands = useMemo(
    () => [
      {
        name: 'academySubmit',
        bindKey: { win: 'Ctrl-Enter', mac: 'Command-Enter' },
        exec: () => handlers.current.onSubmit?.(),
      },
      {
        name: 'academyRun',
        bindKey: { win: "Ctrl-'", mac: "Command-'" },
        exec: () => handlers.current.onRun?.(),
      },
    ],
    [],
  );
  const annotations = useMemo(
    () => (marks ?? []).map((mark) => ({ row: mark.row, column: mark.column, text: mark.text, type: 'error' })),
    [marks],
  );
  const maxLines = Math.max(minLines, Math.floor((height - 2) / editorLineHeight(fontSize)));
  // ace's own texts are English: the one a reader meets (typing into a read-only editor) follows the page
  useEffect(() => {
    ace.config.setMessages({
      ...ENGLISH,
      'editor.tooltip.disable-editing': t('codeEditor.readOnly'),
      'text-input.aria-label': t('codeEditor.cursorRow'),
    });
  }, [t]);
  return (
    <AceEditor
      mode={mode}
      theme={theme}
      name={`editor-${label.replace(/\W+/g, '-')}`}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      width="100%"
      // as high as the code, between its least lines and the height at most (then it scrolls)
      minLines={minLines}
      maxLines={maxLines}
      fontSize={fontSize}
      showPrintMargin={false}
      commands={commands}
      annotations={annotations}
      // the input's name while focused is ace's own: our label, then the row the cursor is on
      setOptions={{
        useWorker: false,
        enableBasicAutocompletion: true,
        enableLiveAutocompletion: !readOnly,
        enableSnippets: false,
        behavioursEnabled: true,
        highlightActiveLine: !readOnly,
        tabSize: language === 'go' || language === 'java' || language === 'python' ? 4 : 2,
        enableKeyboardAccessibility: true,
        textInputAriaLabel: label,
      }}
      onLoad={(editor) => {
        editor.textInput.getElement().setAttribute('aria-label', label);
        // taking over from the plain editor (code-editor.tsx): its caret, selection and focus
        if (!handover) return;
        const document = editor.session.getDocument();
        editor.selection.setSelectionRange(
          {
            start: document.indexToPosition(handover.selectionStart, 0),
            end: document.indexToPosition(handover.selectionEnd, 0),
          },
          handover.backward,
        );
        // the caret stays in view (a long program does not jump back to its top)
        editor.renderer.scrollCursorIntoView();
        if (handover.focused) editor.focus();
      }}
    />
  );
}
