import { defineTexts } from '@academy/shared/i18n';

/** Russian texts of the task bodies and icons: the source of their keys. */
export const ru = {
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
  'task.run': 'Запустить',
  'task.running': 'Запускаем…',
  'task.runTitle': 'Запуск на примерах',
  'task.runSummary': 'Пройдено примеров: {passed} из {total}',
  'task.runNote': 'Запуск не считается попыткой и не попадает в историю решений.',
  'task.errorAt': 'Ошибка в строке {line}, столбец {column}',
  'task.errorAtLine': 'Ошибка в строке {line}',
  'editor.settings': 'Настройки редактора',
  'editor.fontSmaller': 'Уменьшить шрифт',
  'editor.fontLarger': 'Увеличить шрифт',
  'editor.fontSize': 'Шрифт {size} px',
  'editor.height': 'Высота редактора',
  'editor.shortcuts': "{mod}+Enter — проверить, {mod}+' — запустить",
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
  'task.fromTemplate': 'Начать с шаблона',
  'task.fromTemplateTitle': 'Начать с шаблона?',
  'task.fromTemplateText': 'Код в редакторе заменится шаблоном задачи, а ваш текущий код из редактора пропадёт.',
  'task.fromTemplateConfirm': 'Заменить шаблоном',
  'task.keepCode': 'Оставить мой код',
  'task.compileFailed': 'Ошибка компиляции',
  'task.runQueued': 'Решение в очереди на проверку…',
  'task.runCompiling': 'Компилируем…',
  'task.runTest': 'Выполняется тест {n} из {count}…',
  'task.runProgress': 'Пройдено тестов',
  'task.testsNotRun':
    '{count, plural, one {# тест не запускался} few {# теста не запускались} many {# тестов не запускались} other {# теста не запускались}}: исправьте ошибку и проверьте снова.',
  'task.markRight': 'верно',
  'task.markWrong': 'неверно',
  'task.wrongItems':
    'Неверно {count} из {total, plural, one {# ответа} few {# ответов} many {# ответов} other {# ответа}}: исправьте отмеченные.',
};

/**
 * The texts of the task bodies and icons, with them in shared (the course pages and the enrollee's
 * steps show the same bodies), registered when they load like an area's.
 */
export const texts = defineTexts('task-kinds', {
  ru,
  // a page in Russian never fetches the English texts: they are a chunk of their own
  en: () => import(/* webpackChunkName: "i18n-en-task-kinds" */ './texts-en').then((module) => module.en),
});

/** `t` of the task bodies: their keys and the common ones. */
export const useT = texts.useT;
