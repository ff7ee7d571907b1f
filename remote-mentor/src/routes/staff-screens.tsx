import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { NOTIFICATION_PUBLISHER_ROLES, STAFF_VIEW_ROLES, type RoleName } from '@academy/shared/contract';
import type { TextKey } from '../i18n';

/** A staff screen: one path inside every staff area whose role may open it, named in the staff menu. */
export interface StaffScreen {
  /** the path inside the area, e.g. `comments/moderation` (→ /curator/comments/moderation) */
  path: string;
  /** its name in the staff menu */
  label: TextKey;
  /** who may open it; others get the not-found page of their area */
  roles: readonly RoleName[];
  /** loaded when opened */
  page: LazyExoticComponent<ComponentType>;
}

/** The staff screens of the features, one entry each (routes and the staff menu are built from it). */
export const STAFF_SCREENS: readonly StaffScreen[] = [
  {
    path: 'notifications',
    label: 'publishing.title',
    roles: NOTIFICATION_PUBLISHER_ROLES,
    page: lazy(() => import('../features/notification-publishing/publishing-page')),
  },
  {
    path: 'comments/moderation',
    label: 'moderation.title',
    roles: STAFF_VIEW_ROLES,
    page: lazy(() => import('../features/comment-moderation/moderation-page')),
  },
];
