import { screen } from '@testing-library/react';
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
});
