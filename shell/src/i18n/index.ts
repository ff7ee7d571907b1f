import { defineTexts } from '@academy/shared/i18n';
import { ru } from './ru';

/** The area's own texts, registered when its code loads; `useT` knows its keys and the common ones. */
export const texts = defineTexts('shell', {
  ru,
  // English is a chunk of its own, fetched only when the page shows it
  en: () => import(/* webpackChunkName: "i18n-en-shell" */ './en').then((module) => module.en),
});

/** `t` of this area: its own keys and the common ones, in the current language. */
export const useT = texts.useT;

/** A key this area's `t` accepts. */
export type TextKey = Parameters<ReturnType<typeof useT>>[0];
