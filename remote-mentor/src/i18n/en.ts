import { adminEn } from './en/admin';
import { moderationEn } from './en/moderation';
import { publishingEn } from './en/publishing';
import { queueEn } from './en/queue';
import { reviewsEn } from './en/reviews';
import { staffActionsEn } from './en/staff-actions';
import { studentsEn } from './en/students';
import type { MentorTextKey } from './ru';

/**
 * English texts of the staff area and the verdict panel: every Russian key, checked by the types and a
 * test. Each part is typed by its Russian part's keys (none missing, none extra), this whole by the
 * area's: a part left out fails to compile. They travel together, in the English chunk only.
 */
export const en: Record<MentorTextKey, string> = {
  ...studentsEn,
  ...queueEn,
  ...staffActionsEn,
  ...publishingEn,
  ...moderationEn,
  ...reviewsEn,
  ...adminEn,
};
