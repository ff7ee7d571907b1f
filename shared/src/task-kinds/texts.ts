import { defineTexts } from '@academy/shared/i18n';

/** Russian texts of the task bodies and icons: the source of their keys. */
const ru = {
  'taskKind.lecture': 'Лекция',
  'taskKind.word': 'Контрольное слово',
  'taskKind.theory': 'Тест',
  'taskKind.code': 'Код',
  'taskKind.mentorCheckTask': 'Проверка ментором',
  'taskKind.review_step': 'Ревью',
  'taskKind.ordering': 'Порядок',
  'taskKind.association': 'Соответствие',
  'taskKind.multi_test': 'Несколько вопросов',
  'taskKind.multi_answer': 'Выбор ответов',
  'taskKind.gapping': 'Пропуски',
  'taskKind.multi_input': 'Несколько полей',
  'taskState.completed': 'решено',
  'taskState.need-check': 'ждёт проверки',
  'taskState.unright': 'нужно исправить',
  'taskState.plain': 'не решено',
  'task.check': 'Проверить',
  'task.checking': 'Проверяем…',
  'task.choices': 'Варианты ответа',
  'task.answer': 'Ваш ответ',
  'task.gap': 'Пропуск {n}',
  'task.place': 'Место для «{item}»',
  'task.definitionFor': 'Определение для «{term}»',
  'task.choose': 'Выберите…',
  'task.lectureDone': 'Лекция прочитана и засчитана.',
  'task.code': 'Код решения',
  'task.terminal': 'Результат проверки',
  'task.testPassed': 'пройден',
  'task.testFailed': 'не пройден',
  'task.hiddenTest': 'Скрытый тест {n}',
  'task.outputTruncated': 'вывод обрезан',
  'task.expected': 'ожидалось',
  'task.actual': 'получено',
  'task.video': 'Видео',
  'task.watchVideo': 'Смотреть видео к лекции',
  'task.captions': 'Субтитры',
};

/** English texts of the task bodies and icons. */
const en: Record<keyof typeof ru, string> = {
  'taskKind.lecture': 'Lecture',
  'taskKind.word': 'Key word',
  'taskKind.theory': 'Quiz',
  'taskKind.code': 'Code',
  'taskKind.mentorCheckTask': 'Mentor check',
  'taskKind.review_step': 'Review',
  'taskKind.ordering': 'Ordering',
  'taskKind.association': 'Matching',
  'taskKind.multi_test': 'Several questions',
  'taskKind.multi_answer': 'Choose answers',
  'taskKind.gapping': 'Fill the gaps',
  'taskKind.multi_input': 'Several inputs',
  'taskState.completed': 'solved',
  'taskState.need-check': 'awaiting check',
  'taskState.unright': 'needs fixing',
  'taskState.plain': 'not solved',
  'task.check': 'Check',
  'task.checking': 'Checking…',
  'task.choices': 'Answers',
  'task.answer': 'Your answer',
  'task.gap': 'Gap {n}',
  'task.place': 'Place of “{item}”',
  'task.definitionFor': 'Definition of “{term}”',
  'task.choose': 'Choose…',
  'task.lectureDone': 'Lecture read and counted.',
  'task.code': 'Solution code',
  'task.terminal': 'Check result',
  'task.testPassed': 'passed',
  'task.testFailed': 'failed',
  'task.hiddenTest': 'Hidden test {n}',
  'task.outputTruncated': 'output truncated',
  'task.expected': 'expected',
  'task.actual': 'actual',
  'task.video': 'Video',
  'task.watchVideo': 'Watch the lecture video',
  'task.captions': 'Captions',
};

/**
 * The texts of the task bodies and icons, with them in shared (the course pages and the enrollee's
 * steps show the same bodies), registered when they load like an area's.
 */
export const texts = defineTexts('task-kinds', { ru, en });

/** `t` of the task bodies: their keys and the common ones. */
export const useT = texts.useT;
