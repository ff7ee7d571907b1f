import { useEffect } from 'react';
import ace from 'ace-builds/src-noconflict/ace';
import AceEditor from 'react-ace';
import 'ace-builds/src-noconflict/mode-javascript';
import 'ace-builds/src-noconflict/mode-typescript';
import 'ace-builds/src-noconflict/theme-github';
import { useT } from '@academy/shared/i18n';
import type { CodeEditorProps, EditorHandover } from './code-editor';

// No syntax-check workers: they are created from blob: URLs, which the CSP (script-src 'self') forbids,
// and the session would start one before react-ace applies its own options.
ace.config.setDefaultValue('session', 'useWorker', false);

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
  handover,
}: CodeEditorProps & { handover?: EditorHandover }) {
  const t = useT();
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
      mode={language}
      theme="github"
      name={`editor-${label.replace(/\W+/g, '-')}`}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      width="100%"
      height={`${height}px`}
      fontSize={15}
      showPrintMargin={false}
      // the input's name while focused is ace's own: our label, then the row the cursor is on
      setOptions={{ useWorker: false, tabSize: 2, enableKeyboardAccessibility: true, textInputAriaLabel: label }}
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
