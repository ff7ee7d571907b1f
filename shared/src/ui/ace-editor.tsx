import { useEffect } from 'react';
import ace from 'ace-builds/src-noconflict/ace';
import AceEditor from 'react-ace';
import 'ace-builds/src-noconflict/mode-javascript';
import 'ace-builds/src-noconflict/mode-typescript';
import 'ace-builds/src-noconflict/theme-github';
import { useT } from '@academy/shared/i18n';
import type { CodeEditorProps } from './code-editor';

// No syntax-check workers: they are created from blob: URLs, which the CSP (script-src 'self') forbids,
// and the session would start one before react-ace applies its own options.
ace.config.setDefaultValue('session', 'useWorker', false);

// ace warns for every key a message table lacks: ours is its English table with our texts on top
const ENGLISH = (ace.require('ace/lib/default_english_messages') as { defaultEnglishMessages: Record<string, string> })
  .defaultEnglishMessages;

/** The react-ace editor itself: in its own chunk, loaded only where a code editor is shown. */
export default function AceCodeEditor({ value, onChange, language, readOnly, label, height = 500 }: CodeEditorProps) {
  const t = useT();
  // ace's own texts are English: the one a reader meets (typing into a read-only editor) follows the page
  useEffect(() => {
    ace.config.setMessages({ ...ENGLISH, 'editor.tooltip.disable-editing': t('codeEditor.readOnly') });
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
      setOptions={{ useWorker: false, tabSize: 2, enableKeyboardAccessibility: true }}
      onLoad={(editor) => editor.textInput.getElement().setAttribute('aria-label', label)}
    />
  );
}
