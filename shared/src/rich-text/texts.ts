import type { Language } from '@academy/shared/contract';
import { useI18n } from '@academy/shared/i18n';

const ru = {
  linkInsert: 'Вставить ссылку',
  linkEdit: 'Изменить ссылку',
  linkAddress: 'Адрес ссылки',
  linkText: 'Текст ссылки',
  linkTextHint: 'Необязательно: без него ссылкой станет сам адрес.',
  linkApply: 'Применить',
  linkRemove: 'Убрать ссылку',
  linkInvalid: 'Адрес должен начинаться с https://, http:// или mailto:',
};

const en: typeof ru = {
  linkInsert: 'Insert a link',
  linkEdit: 'Edit the link',
  linkAddress: 'Link address',
  linkText: 'Link text',
  linkTextHint: 'Optional: without it the address itself becomes the link.',
  linkApply: 'Apply',
  linkRemove: 'Remove the link',
  linkInvalid: 'The address must start with https://, http:// or mailto:',
};

/**
 * The editor's own texts, those the common catalogue (shared/src/i18n) does not have: its link dialog.
 * They live with the editor, in both languages, so they ship with its chunk and not on every page.
 */
export const OWN_TEXTS: Record<Language, typeof ru> = { ru, en };

export type RichTexts = ReturnType<typeof useRichTexts>;

/** Every text of the editor in the page's language: the common catalogue's and its own. */
export function useRichTexts() {
  const { language, t } = useI18n();
  return {
    ...OWN_TEXTS[language],
    toolbar: t('richText.toolbar'),
    bold: t('richText.bold'),
    italic: t('richText.italic'),
    bulletList: t('richText.bulletList'),
    numberedList: t('richText.numberedList'),
    code: t('richText.code'),
    link: t('richText.link'),
    cancel: t('cancel'),
    close: t('close'),
  };
}
