import type { Language } from '@academy/shared/contract';

/** The names of the texts the pages may ask for. */
export const MESSAGE_NAMES = ['writeComment'] as const;
export type MessageName = (typeof MESSAGE_NAMES)[number];

/** Texts the pages ask the server for (spec 1 §7 "Message"), in the user's language. */
const MESSAGES: Record<MessageName, Record<Language, string>> = {
  writeComment: {
    ru:
      'Отличная работа! Если задача далась непросто или вы нашли своё решение, напишите пару слов в комментариях к задаче: ' +
      'ваш опыт поможет другим студентам, а ментор увидит, что было трудным.',
    en:
      'Well done! If the task was hard or you found your own way, leave a few words in the task’s comments: ' +
      'your experience helps other students, and your mentor sees what was difficult.',
  },
};

export const messageText = (name: MessageName, language: Language): string => MESSAGES[name][language];
