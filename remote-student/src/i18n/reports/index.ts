import { defineTexts } from '@academy/shared/i18n';
import { texts as studentTexts } from '..';
import { ru } from './ru';

/**
 * The texts of a part of the student area: the daily reports. Only its pages import this module: its
 * Russian texts travel in their chunk, not in the area's entry (issue 14).
 */
export const texts = defineTexts(
  'student-reports',
  {
    ru,
    en: () => import(/* webpackChunkName: "i18n-en-student-reports" */ './en').then((module) => module.en),
  },
  studentTexts,
);

/** `t` of this part: its own keys, the area's and the common ones, in the current language. */
export const useT = texts.useT;

/** A key this part's `t` accepts. */
export type TextKey = Parameters<ReturnType<typeof useT>>[0];
