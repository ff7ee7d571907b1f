/** Russian: the default language and the source of every message key. */
import { formRu } from './server-texts-ru';

export const ru = {
  ...formRu,
  appName: 'Академия',
  'codeEditor.readOnly': 'Редактирование недоступно',
  'codeEditor.cursorRow': 'курсор в строке $0',
  loading: 'Загрузка…',
  close: 'Закрыть',
  languageName: 'Русский',
  switchLanguage: 'Язык интерфейса',

  'login.email': 'E-mail',
  WrongLoginOrPassword: 'Неверный e-mail или пароль',
  noLogin: 'Введите e-mail',
  noPassword: 'Введите пароль',
  userIsBlocked: 'Ваша учётная запись заблокирована. Обратитесь к куратору.',
  noSuchUser: 'Пользователь с таким e-mail не найден',
  loginError: 'Не удалось войти. Попробуйте ещё раз.',
  tooManyAttempts: 'Слишком много неудачных попыток входа. Подождите немного и попробуйте снова.',
  AccessIsDenied: 'Доступ запрещён. Войдите под учётной записью, которой открыта эта страница.',
  RegistrationComplete: 'Регистрация завершена. Войдите, чтобы начать обучение.',
  PasswordRecovered: 'Пароль изменён. Войдите с новым паролем.',
  LoggedOut: 'Вы вышли из Академии. До встречи!',
  invalidRegistrationToken: 'Ссылка для регистрации недействительна или устарела.',

  'validation.emailRequired': 'Введите e-mail',
  'validation.emailInvalid': 'Неверный формат e-mail',
  'validation.passwordRequired': 'Введите пароль',

  SomethingWentWrong: 'Что-то пошло не так',
  ServerError: 'Ошибка сервера',
  ClientError: 'Ошибка клиента. Проверьте данные.',

  'notFound.title': 'Страница не найдена',
  'notFound.signedInAs': 'Вы вошли как {role}. Для этой роли такой страницы нет.',
  'notFound.adminPanel': 'Перейти в панель управления',
  'notFound.logout': 'выйти',
  'notFound.fixLink': 'или исправьте ссылку',
  'notFound.toMain': 'Вернуться на главную',

  'richText.toolbar': 'Форматирование',
  'richText.bold': 'Жирный',
  'richText.italic': 'Курсив',
  'richText.bulletList': 'Маркированный список',
  'richText.numberedList': 'Нумерованный список',
  'richText.code': 'Код',
  'richText.link': 'Ссылка',
  'richText.linkPrompt': 'Адрес ссылки (https://…)',

  cancel: 'Отмена',

  'register.passwordLong': 'Пароль слишком длинный',

  'recovery.tooMany': 'Слишком много запросов. Попробуйте через час.',

  'direction.JAVA': 'Java-разработчик',
  'direction.MQA': 'Инженер по тестированию',
  'direction.GO': 'Go-разработчик',
  'direction.FE': 'Фронтенд-разработчик',
  'password.title': 'Смена пароля',
  'password.old': 'Текущий пароль',
  'password.new': 'Новый пароль',
  'password.confirm': 'Повторите новый пароль',
  'password.save': 'Сохранить пароль',
  'password.updated': 'Пароль успешно обновлён',
  'password.failed': 'Не удалось обновить пароль',
  'password.forced': 'Чтобы продолжить работу, смените пароль.',
  'legal.loadError': 'Не удалось загрузить страницу. Обновите её.',
  'avatar.title': 'Новый аватар',
  'avatar.choose': 'Файл с картинкой (GIF, JPEG или PNG, до 2 МБ)',
  'avatar.save': 'Загрузить',
  'avatar.updated': 'Ваши данные обновлены',
  'avatar.failed': 'Ошибка при обновлении данных',

  'role.ADMIN': 'администратор',
  'role.MENTOR': 'ментор',
  'role.CHIEF_MENTOR': 'главный ментор',
  'role.CURATOR': 'куратор',
  'role.MANAGER': 'менеджер',
  'role.CHIEF_MANAGER': 'главный менеджер',
  'role.CHIEF': 'руководитель',
  'role.PAY_STUDENT': 'студент',
  'role.STUDENT': 'абитуриент',
} as const;

export type MessageKey = keyof typeof ru;
