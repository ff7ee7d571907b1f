import type { ModerationTextKey } from '../ru/moderation';

/** English texts of the moderation of students' comments: every key of the Russian part, checked by the types. */
export const moderationEn: Record<ModerationTextKey, string> = {
  'moderation.title': 'Comment moderation',
  'moderation.lead': "New students' comments await a check: once approved, every student of the direction sees them.",
  'moderation.answer': 'Answer to a comment',
  'moderation.openTask': 'Task “{task}”',
  'moderation.approve': 'Approve',
  'moderation.delete': 'Delete',
  'moderation.cancel': 'Cancel',
  'moderation.deleteTitle': 'Delete the comment?',
  'moderation.deleteText': 'The comment of {name} and the answers to it will be deleted for good.',
  'moderation.approved': 'The comment is approved',
  'moderation.deleted': 'The comment is deleted',
  'moderation.loadError': 'The comments awaiting moderation could not be loaded.',
  'moderation.empty': 'All comments are checked: none awaits moderation.',
  'moderation.count': '{count, plural, one {# comment awaits a check} other {# comments await a check}}',
  'moderation.countMore': '{count, plural, one {# comment shown, there are more} other {# comments shown, there are more}}',
  'moderation.more': 'Show more',
};
