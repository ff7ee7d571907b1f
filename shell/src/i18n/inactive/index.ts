import { defineTexts } from '@academy/shared/i18n';
import { texts as shellTexts } from '..';
import { ru } from './ru';

/**
 * The texts of the inactivation pages (a user with an inactivation reason): only those pages import this
 * module, so their texts travel in their chunk, not with every signed-in page (issue 14).
 */
export const texts = defineTexts(
  'shell-inactive',
  {
    ru,
    en: () => import(/* webpackChunkName: "i18n-en-shell-inactive" */ './en').then((module) => module.en),
  },
  shellTexts,
);

/** `t` of the inactivation pages: their own keys, the shell's and the common ones. */
export const useT = texts.useT;

/** A key this `t` accepts. */
export type TextKey = Parameters<ReturnType<typeof useT>>[0];
