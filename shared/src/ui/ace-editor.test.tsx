import { render, waitFor } from '@testing-library/react';
import ace from 'ace-builds/src-noconflict/ace';
import { I18nProvider } from '@academy/shared/i18n';
import AceCodeEditor from './ace-editor';

const readOnlyText = () =>
  (ace.config as unknown as { nls(key: string, fallback: string): string }).nls(
    'editor.tooltip.disable-editing',
    'Editing is disabled',
  );

describe('the code editor', () => {
  it('tells a reader typing into a read-only editor so in the page’s language', async () => {
    const view = render(
      <I18nProvider initial="ru">
        <AceCodeEditor value="let a = 1;" onChange={() => undefined} language="javascript" readOnly label="Код решения" />
      </I18nProvider>,
    );
    await waitFor(() => expect(readOnlyText()).toBe('Редактирование недоступно'));
    view.unmount();
    render(
      <I18nProvider initial="en">
        <AceCodeEditor value="let a = 1;" onChange={() => undefined} language="javascript" readOnly label="Solution code" />
      </I18nProvider>,
    );
    await waitFor(() => expect(readOnlyText()).toBe('Editing is disabled'));
  });
});
