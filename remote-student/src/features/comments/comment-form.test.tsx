import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@academy/shared/testing';
import { CommentForm } from './comment-form';

describe('the comment field', () => {
  it('never sends a text nobody would see, and sends the text without bidi controls', async () => {
    const sent: string[] = [];
    const { user } = renderWithProviders(
      <CommentForm
        label="Комментарий"
        submitLabel="Отправить"
        busy={false}
        error={null}
        onSubmit={async (text) => {
          sent.push(text);
          return true;
        }}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Комментарий' });
    const send = screen.getByRole('button', { name: 'Отправить' });
    for (const invisible of ['\u200b\u200b', '\u202e\u202d', ' \u2066\u2069 ', '\u3164', '\u115f\u1160\uffa0', '\ufeff\u200d']) {
      await user.clear(field);
      await user.click(field);
      await user.paste(invisible);
      expect({ invisible, disabled: (send as HTMLButtonElement).disabled }).toEqual({ invisible, disabled: true });
    }
    await user.clear(field);
    await user.click(field);
    await user.paste(' \u202eсм. https://example.org/\u202cgnp.exe ');
    await user.click(send);
    expect(sent).toEqual(['см. https://example.org/gnp.exe']);
    expect(field).toHaveValue('');
  });

  it('opens an edit with the cursor after the text, sends it with Ctrl+Enter, keeps a text not saved, and Escape cancels', async () => {
    const sent: string[] = [];
    let cancelled = 0;
    const { user } = renderWithProviders(
      <CommentForm
        label="Текст комментария"
        submitLabel="Сохранить"
        initial="Было"
        focusOnOpen
        busy={false}
        error={null}
        onSubmit={async (text) => {
          sent.push(text);
          return false;
        }}
        onCancel={() => (cancelled += 1)}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Текст комментария' });
    expect(field).toHaveFocus();
    await user.keyboard(' и стало');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent).toEqual(['Было и стало']));
    expect(field).toHaveValue('Было и стало');
    await user.keyboard('{Escape}');
    expect(cancelled).toBe(1);
  });

  it('counts near the limit, marks a text over it and the server’s refusal on the field, and sends neither', async () => {
    const sent: string[] = [];
    const { user } = renderWithProviders(
      <CommentForm
        label="Комментарий"
        submitLabel="Отправить"
        busy={false}
        error="Вы пишете слишком часто."
        onSubmit={async (text) => {
          sent.push(text);
          return true;
        }}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Комментарий' });
    const send = screen.getByRole('button', { name: 'Отправить' });
    expect(screen.getByRole('alert')).toHaveTextContent('Вы пишете слишком часто.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Ctrl+Enter — отправить Вы пишете слишком часто.');
    await user.click(field);
    await user.paste('я'.repeat(1800));
    expect(field).toHaveAccessibleDescription('Ctrl+Enter — отправить Вы пишете слишком часто. 1800 из 2000 символов');
    expect(send).toBeEnabled();
    await user.paste('я'.repeat(201));
    expect(screen.getByText('Слишком длинно: не больше 2000 символов, лишних 1')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.click(send);
    expect(sent).toEqual([]);
  });
});
