/** Russian texts of the enrollee area (/enrollee/*): the source of the area's keys. */
export const ru = {
  'steps.loading': 'Загружаем шаг…',
  'steps.directionIcon': 'Значок направления «{direction}»',
  'steps.progress': 'Пройдено: {percent}%',
  'steps.points': '{student} из {course, plural, one {# балла} few {# баллов} many {# баллов} other {# балла}}',
  'steps.row': 'Шаги',
  'steps.step': 'Шаг {n}: {title}, {state}',
  'steps.state.completed': 'решён',
  'steps.state.need-check': 'ждёт проверки',
  'steps.state.unright': 'нужно исправить',
  'steps.state.plain': 'не решён',
  'steps.counter': 'Шаг {n} из {count}',
  'steps.next': 'Следующий шаг',
  'steps.allDone': 'Все шаги пройдены. Отличная работа!',
  'steps.whatNext':
    'Что дальше: после первого общего созвона вас распределят в поток, приглашение и подробности придут на вашу почту. Пока ждёте, можно пройти шаги ещё раз.',
  'steps.again': 'К первому шагу',
  'steps.questions': 'Вопросы? Контакты Академии',
  'steps.pageTitle': 'Шаг {n}: {title}',
  'steps.reset': 'Решить заново',
  'steps.right': 'Правильное решение',
  'steps.wrong': 'Неверное решение, проверьте ещё раз',
  'steps.sendFailed': 'Не удалось отправить решение',
  'steps.notAnsweredHere': 'На этот шаг здесь не отвечают: следуйте указаниям в его тексте.',
  'steps.loadError': 'Не удалось загрузить шаг. Обновите страницу.',
  'steps.noCourse': 'Для вашего направления пока нет шагов абитуриента. Мы напишем на почту, когда они появятся.',
  'congratulation.title': 'Поздравляем!',
  'congratulation.enrolled': 'Вы зачислены на обучение в Академии.',
  'congratulation.stream': 'После первого общего созвона вас распределят в поток — дождитесь распределения.',
  'congratulation.email': 'Подробности мы пришлём на вашу электронную почту.',
} as const;

export type EnrolleeTextKey = keyof typeof ru;
