/* eslint-disable testing-library/no-container, testing-library/no-node-access -- ace renders no text in jsdom: its editor is reached through its element */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nProvider } from '@academy/shared/i18n';
import { CodeEditor } from './code-editor';

interface AceEditor {
  getValue(): string;
  getSelectionRange(): unknown;
}

function Editor({ initial, onChange }: { initial: string; onChange?: (value: string) => void }) {
  const [code, setCode] = useState(initial);
  return (
    <I18nProvider initial="ru">
      <CodeEditor
        value={code}
        onChange={(value) => {
          setCode(value);
          onChange?.(value);
        }}
        language="javascript"
        label="Код решения"
      />
    </I18nProvider>
  );
}

describe('the code editor', () => {
  it('is a working text area until the reader reaches for it, and ace only then', async () => {
    const changes: string[] = [];
    const { container } = render(<Editor initial="let a = 1;" onChange={(value) => changes.push(value)} />);
    const plain = screen.getByRole('textbox', { name: 'Код решения' });
    expect(plain.tagName).toBe('TEXTAREA');
    expect(plain).toHaveValue('let a = 1;');
    // typing works before ace is there (a change event is not a reach: nothing is loaded)
    fireEvent.change(plain, { target: { value: 'let a = 2;' } });
    expect(changes).toEqual(['let a = 2;']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector('.ace_editor')).toBeNull();

    // the caret at the end and the focus in it: ace takes over with both, and the code typed
    (plain as HTMLTextAreaElement).setSelectionRange(4, 5);
    // a word being composed (a phone's keyboard) is not cut off: ace waits for its end
    fireEvent.compositionStart(plain);
    plain.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(container.querySelector('.ace_editor')).toBeNull();
    fireEvent.compositionEnd(plain);
    await waitFor(() => expect(container.querySelector('.ace_editor')).not.toBeNull());
    expect(container.querySelector('textarea.code-editor__plain')).toBeNull();
    const aceInput = screen.getByRole('textbox', { name: /^Код решения/ });
    expect(aceInput).toHaveClass('ace_text-input');
    expect(document.activeElement).toBe(aceInput);
    const editor = (container.querySelector('.ace_editor') as unknown as { env: { editor: AceEditor } }).env.editor;
    expect(editor.getValue()).toBe('let a = 2;');
    expect(editor.getSelectionRange()).toMatchObject({ start: { row: 0, column: 4 }, end: { row: 0, column: 5 } });
  });

  it('a second editor on the page starts as ace once ace was loaded', async () => {
    const { container } = render(<Editor initial="const b = 3;" />);
    expect(container.querySelector('.ace_editor')).not.toBeNull();
    expect(container.querySelector('textarea.code-editor__plain')).toBeNull();
  });
});
