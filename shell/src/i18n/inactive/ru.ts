/** Russian texts of the shell's inactivation pages (the source of their keys). */
export const ru = {
  'inactive.EXPELLED.learner.title': 'Обучение остановлено',
  'inactive.EXPELLED.learner.text':
    'Академия завершила или приостановила ваше обучение, поэтому курсы и задачи сейчас закрыты. Ваши решения и баллы сохранены.',
  'inactive.EXPELLED.learner.todo':
    'Если вы считаете, что это ошибка, или хотите вернуться к учёбе, напишите куратору или в поддержку: контакты на странице «Контакты».',
  'inactive.PAYMENT_OVERDUE.learner.title': 'Обучение ждёт оплаты',
  'inactive.PAYMENT_OVERDUE.learner.text':
    'Срок оплаты обучения прошёл, поэтому курсы временно закрыты. Как только оплата поступит, доступ вернётся вместе со всеми решениями и баллами.',
  'inactive.PAYMENT_OVERDUE.learner.todo':
    'Оплатите обучение по договору. Если вы уже заплатили, напишите нам и приложите квитанцию: мы откроем доступ.',
  'inactive.WAITING_FOR_STREAM.learner.title': 'Ваш поток скоро начнётся',
  'inactive.WAITING_FOR_STREAM.learner.text':
    'Вы зачислены в Академию, но ваш поток ещё не начал занятия. Курсы откроются, как только вас добавят в поток.',
  'inactive.WAITING_FOR_STREAM.learner.todo':
    'Дату старта и ссылку на первый созвон мы пришлём письмом. Если письма нет несколько дней, напишите нам.',
  'inactive.WAITING_FOR_STREAM.enrollee.title': 'Вы зачислены: ждём начала потока',
  'inactive.WAITING_FOR_STREAM.enrollee.text':
    'Спасибо, что прошли вводные шаги! После первого общего созвона вас распределят в поток, и откроются занятия с ментором.',
  'inactive.WAITING_FOR_STREAM.enrollee.todo':
    'Подробности придут письмом на вашу почту. Если письма нет несколько дней, напишите нам.',
  'inactive.staff.title': 'Доступ приостановлен',
  'inactive.staff.text': 'Администратор приостановил вашу учётную запись: рабочие разделы Академии сейчас закрыты.',
  'inactive.staff.todo': 'Если это ошибка, обратитесь к администратору Академии.',
  'inactive.todoTitle': 'Что делать',
  'inactive.contacts': 'Контакты Академии',
  'inactive.checkAgain': 'Проверить снова',
  'inactive.stillInactive': 'Доступ пока не восстановлен. Страница откроется сама, как только это случится.',
  'inactive.signedInAs': 'Вы вошли как {name} ({role}).',
} as const;

export type InactiveTextKey = keyof typeof ru;
