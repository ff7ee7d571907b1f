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
  'notifications.loadError': 'Не удалось загрузить уведомления',
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
} as const;

export type ShellTextKey = keyof typeof ru;
