import type { Language } from '@academy/shared/contract';

/** Texts the pages ask the server for (spec 1 §7 "Message"), in the user's language. */
export const MESSAGES = {
  writeComment: {
    ru:
      'Отличная работа! Если задача далась непросто или вы нашли своё решение, напишите пару слов в комментариях к задаче: ' +
      'ваш опыт поможет другим студентам, а ментор увидит, что было трудным.',
    en:
      'Well done! If the task was hard or you found your own way, leave a few words in the task’s comments: ' +
      'your experience helps other students, and your mentor sees what was difficult.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageName = keyof typeof MESSAGES;

export const MESSAGE_NAMES = Object.keys(MESSAGES) as MessageName[];

export const messageText = (name: MessageName, language: Language): string => MESSAGES[name][language];
