/** Russian texts of the shell: sign-in, header, help, error pages: the source of the area's keys. */
export const ru = {
  skipToContent: 'Перейти к содержимому',
  reloadPage: 'Обновить страницу',
  'login.title': 'Вход в Академию',
  'login.subtitle': 'Учитесь программированию каждый день',
  'login.password': 'Пароль',
  'login.rememberMe': 'Запомнить меня',
  'login.submit': 'Войти',
  'login.submitting': 'Входим…',
  'login.success': 'Вы вошли. Открываем вашу страницу…',
  'header.home': 'Академия: на главную',
  'header.help': 'Помощь',
  'header.notifications': 'Уведомления',
  'header.unread': 'непрочитанных: {count}',
  'header.profileMenu': 'Меню профиля',
  'header.exit': 'Выйти',
  'header.signedInAs': 'Вы вошли как',
  'notifications.empty': 'Новых уведомлений нет. Мы сообщим, когда появится что-то важное.',
  'notifications.loadError': 'Не удалось загрузить уведомления. Проверьте соединение и попробуйте ещё раз.',
  'notifications.retry': 'Повторить',
  'notifications.loading': 'Загружаем уведомления',
  'notifications.unreadCount':
    '{count, plural, one {# непрочитанное} few {# непрочитанных} many {# непрочитанных} other {# непрочитанного}}',
  'notifications.unreadMark': 'Не прочитано:',
  'notifications.important': 'Важное',
  'notifications.kind.COMMENT_ANSWER': 'Ответ на комментарий',
  'notifications.kind.MENTOR_VERDICT': 'Проверка ментора',
  'notifications.kind.REVIEW_REMINDER': 'Ревью',
  'notifications.openTask': 'Перейти к задаче',
  'notifications.open': 'Открыть',
  'help.title': 'Помощь',
  'help.text':
    'Если что-то не получается, напишите своему ментору или в поддержку: support@academy.local. Опишите, на какой странице вы были и что ожидали увидеть.',
  'help.keyboard': 'Все страницы работают с клавиатуры: Tab — следующий элемент, Enter или пробел — нажать, Esc — закрыть окно.',
  'errorPage.title': 'Произошла ошибка',
  'errorPage.text': 'Страница не смогла отобразиться. Мы уже видим ошибку; попробуйте обновить страницу.',
  'errorPage.details': 'Подробности',
  'remote.unavailableTitle': 'Раздел временно недоступен',
  'remote.unavailableText':
    'Этот раздел сейчас не загружается. Остальная часть Академии работает — попробуйте обновить страницу чуть позже.',
  'login.forgot': 'Забыли пароль?',
  'login.noAccount': 'Ещё не учитесь?',
  'login.register': 'Выберите направление',
  'header.changePassword': 'Сменить пароль',
  'avatar.change': 'Сменить аватар',
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
  'footer.label': 'Информация об Академии',
  'footer.contacts': 'Контакты',
  'footer.legalEntity': 'Реквизиты',
  'footer.publicOffer': 'Публичная оферта',
  'footer.copyright': '© Академия, {year}',
  'profile.unavailable': 'Не удалось загрузить ваш профиль. Пробуем снова…',
  'profile.retryNow': 'Повторить сейчас',
} as const;

export type ShellTextKey = keyof typeof ru;
