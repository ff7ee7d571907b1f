// Texts the server sends: the errors a person reads (by key, in the reader's language) and the e-mails.
// The browser shows them too, so they stay in shared; the server owns their keys.
/** Russian: the source of every server text key. */
export const serverRu = {
  'server.answerEmpty': 'Сначала напишите ответ.',
  'server.answerNotLink': 'Ответ должен быть ссылкой, начинающейся с http:// или https://.',
  'server.answerNotSingleLine': 'Ответ должен быть одной строкой.',
  'server.answerTooLong': 'Ответ слишком длинный.',
  'server.taskAlreadySolved': 'Задача уже решена: нажмите «Решить заново», чтобы ответить снова.',
  'server.answerPending': 'Ваш ответ ждёт проверки ментором: отмените отправку, чтобы прислать другой.',
  'server.taskAccepted': 'Задача уже принята ментором.',
  'server.linkTaken': 'Эту ссылку уже прислал другой студент: пришлите ссылку на свою работу.',
  'server.nothingPending': 'Нет ответа, ожидающего проверки.',
  'server.trialLocked':
    'Задачи с кодом и проверкой ментором входят в полную программу: пробный доступ открывает остальные задачи.',
  'server.courseNotEnrolled': 'Запишитесь на курс, чтобы решать его задачи.',
  'server.moduleBlocked': 'Задача откроется, когда будет пройден предыдущий модуль.',
  'mail.greeting': 'Здравствуйте!',
  'mail.signature': 'Команда Академии',
  'mail.recovery.subject': 'Восстановление пароля в Академии',
  'mail.recovery.lead':
    'Вы попросили восстановить пароль от Академии. Перейдите по ссылке и задайте новый пароль — ссылка действует один час и открывается один раз.',
  'mail.recovery.action': 'Задать новый пароль',
  'mail.recovery.note': 'Если вы не просили восстановить пароль, просто не отвечайте на это письмо: пароль останется прежним.',
  'mail.invitation.subject': 'Приглашение в Академию',
  'mail.invitation.lead':
    'Вас пригласили учиться в Академии. Перейдите по ссылке, заполните короткую анкету и придумайте пароль.',
  'mail.invitation.action': 'Зарегистрироваться',
  'mail.invitation.note': 'Ссылка действует {days} дней и открывается один раз.',
} as const;

export type ServerTextKey = keyof typeof serverRu;

export const serverEn: Record<ServerTextKey, string> = {
  'server.answerEmpty': 'Write your answer first.',
  'server.answerNotLink': 'The answer must be a link starting with http:// or https://.',
  'server.answerNotSingleLine': 'The answer must be a single line.',
  'server.answerTooLong': 'The answer is too long.',
  'server.taskAlreadySolved': 'The task is already solved: press “Solve again” to answer once more.',
  'server.answerPending': 'Your answer waits for the mentor’s check: cancel it to send another.',
  'server.taskAccepted': 'The mentor has already accepted the task.',
  'server.linkTaken': 'Another student has already sent this link: send a link to your own work.',
  'server.nothingPending': 'There is no answer waiting for a check.',
  'server.trialLocked': 'Code tasks and mentor checks are part of the full programme: the trial opens the other tasks.',
  'server.courseNotEnrolled': 'Enrol in the course to solve its tasks.',
  'server.moduleBlocked': 'The task opens when the previous module is complete.',
  'mail.greeting': 'Hello!',
  'mail.signature': 'The Academy team',
  'mail.recovery.subject': 'Password recovery at the Academy',
  'mail.recovery.lead':
    'You asked to recover your Academy password. Follow the link and set a new one: the link works for one hour and once.',
  'mail.recovery.action': 'Set a new password',
  'mail.recovery.note': 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  'mail.invitation.subject': 'Your invitation to the Academy',
  'mail.invitation.lead': 'You are invited to study at the Academy. Follow the link, fill in a short form and choose a password.',
  'mail.invitation.action': 'Register',
  'mail.invitation.note': 'The link works for {days} days and once.',
};
