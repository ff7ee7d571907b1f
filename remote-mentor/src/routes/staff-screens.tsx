import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  ADMIN_ROLES,
  MENTOR_QUEUE_SCREEN_ROLES,
  NOTIFICATION_PUBLISHER_ROLES,
  REVIEW_MENTOR_ROLES,
  REVIEW_PLANNER_ROLES,
  STAFF_VIEW_ROLES,
  type RoleName,
} from '@academy/shared/contract';
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
    // the administrator's landing page (spec 1 §2): /admin/users/; their staff home moves to /admin/students
    path: 'users',
    label: 'admin.title',
    roles: ADMIN_ROLES,
    page: lazy(() => import(/* webpackChunkName: "route-admin-users" */ '../features/admin-users/users-page')),
  },
  {
    // the mentor's landing page (spec 1 §2): /mentor/review/table; the chief mentor's at /chief/review/table
    path: 'review/table',
    label: 'queue.title',
    roles: MENTOR_QUEUE_SCREEN_ROLES,
    page: lazy(() => import(/* webpackChunkName: "route-queue" */ '../features/mentor-queue/queue-page')),
  },
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
  {
    // the chief mentor's landing page (spec 1 §2): /chief/review/planning
    path: 'review/planning',
    label: 'planning.title',
    roles: REVIEW_PLANNER_ROLES,
    page: lazy(() => import(/* webpackChunkName: "route-planning" */ '../features/review-planning/planning-page')),
  },
  {
    path: 'review/sessions',
    label: 'outcome.title',
    roles: REVIEW_MENTOR_ROLES,
    page: lazy(() => import('../features/review-outcomes/outcomes-page')),
  },
];
