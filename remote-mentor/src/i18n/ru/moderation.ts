/** Russian texts of the moderation of students' comments: the source of the part's keys. */
export const moderationRu = {
  'moderation.title': 'Модерация комментариев',
  'moderation.lead': 'Комментарии новых студентов ждут проверки: одобренный комментарий увидят все студенты направления.',
  'moderation.answer': 'Ответ на комментарий',
  'moderation.openTask': 'Задача «{task}»',
  'moderation.approve': 'Одобрить',
  'moderation.delete': 'Удалить',
  'moderation.cancel': 'Отмена',
  'moderation.deleteTitle': 'Удалить комментарий?',
  'moderation.deleteText': 'Комментарий студента {name} и ответы на него будут удалены без возможности восстановления.',
  'moderation.approved': 'Комментарий одобрен',
  'moderation.deleted': 'Комментарий удалён',
  'moderation.loadError': 'Не удалось загрузить комментарии на модерации.',
  'moderation.empty': 'Все комментарии проверены: новых на модерации нет.',
  'moderation.count':
    '{count, plural, one {# комментарий ждёт проверки} few {# комментария ждут проверки} many {# комментариев ждут проверки} other {# комментария ждут проверки}}',
  'moderation.countMore':
    '{count, plural, one {Показан # комментарий, есть ещё} few {Показаны # комментария, есть ещё} many {Показаны # комментариев, есть ещё} other {Показаны # комментария, есть ещё}}',
  'moderation.more': 'Показать ещё',
} as const;

export type ModerationTextKey = keyof typeof moderationRu;
