import type { Profile } from '@academy/shared/contract';
import { areaOfPath } from '@academy/shared/domain';
import type { PageData } from '@academy/shared/ssr';
import { adminUsersPageData } from '../features/admin-users/admin-api';
import { queuePageData } from '../features/mentor-queue/queue-api';
import { planningPageData } from '../features/review-planning/planning-api';
import { staffHomeData } from '../features/students/students-api';
import { staffHomeOf } from './mentor-routes';
import { STAFF_SCREENS } from './staff-screens';

/**
 * The staff screens the server renders with their data (docs/architecture.md, "Server rendering"), by
 * their path inside an area; each is rendered only for a role the screen is for (the planning around
 * today in the reader's zone, from its cookie). The other screens (publishing, moderation, outcomes)
 * are forms or a mentor's working lists: their area's skeleton is sent.
 */
const SCREEN_DATA: Record<string, PageData> = {
  users: adminUsersPageData,
  'review/table': queuePageData,
  'review/planning': planningPageData,
};

/** The data of the staff page at `pathname` for the caller, or null: a page not rendered on the server. */
export function pageDataOf(pathname: string, profile: Profile): PageData | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const area = areaOfPath(path);
  const role = profile.role.name;
  if (!area || area.remote !== 'mentor' || !area.roles.includes(role)) return null;
  // the role's staff home: its students
  if (path === staffHomeOf(role).replace(/\/$/, '')) return staffHomeData(role);
  const inside = path.slice(area.prefix.length + 2);
  const screen = STAFF_SCREENS.find((candidate) => candidate.path === inside);
  if (!screen || !screen.roles.includes(role)) return null;
  return SCREEN_DATA[inside] ?? null;
}
