import { adminRu } from './ru/admin';
import { moderationRu } from './ru/moderation';
import { publishingRu } from './ru/publishing';
import { queueRu } from './ru/queue';
import { reviewsRu } from './ru/reviews';
import { staffActionsRu } from './ru/staff-actions';
import { studentsRu } from './ru/students';

/**
 * Russian texts of the staff area and the verdict panel: the source of the area's keys. A file per part
 * of the area (ru/), for their size only: they ship together, in the area's entry as before.
 */
export const ru = {
  ...studentsRu,
  ...queueRu,
  ...staffActionsRu,
  ...publishingRu,
  ...moderationRu,
  ...reviewsRu,
  ...adminRu,
} as const;

export type MentorTextKey = keyof typeof ru;
