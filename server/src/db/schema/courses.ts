import type { ColumnType, Generated } from 'kysely';
import type { Direction, TaskKind } from '@academy/shared/contract';
import type { Timestamp } from './columns';

// The database's tables (Kysely's types) of directions and the course catalogue (modules, chapters, tasks), enrolments and unlocked modules.

export interface DirectionsTable {
  code: Direction;
  name_ru: string;
  name_en: string;
}

export type CourseKind = 'regular' | 'additional' | 'enrollee';

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  direction: Direction;
  kind: CourseKind;
  name: string;
  position: number;
  picture_svg: string;
  target: string;
  demands: string;
  description_html: string;
  filling: string;
  transit_time: string;
  author_name: string;
  author_email: string;
  author_about: string;
  full_pass_required: boolean;
  updated_at: Timestamp;
}

export interface CourseModulesTable {
  id: Generated<number>;
  course_id: number;
  slug: string;
  position: number;
  name: string;
}

export interface CourseChaptersTable {
  id: Generated<number>;
  module_id: number;
  slug: string;
  position: number;
  name: string;
}

export interface CourseTasksTable {
  id: Generated<number>;
  chapter_id: number;
  slug: string;
  position: number;
  kind: TaskKind;
  title: string;
  points: number;
  description_html: string;
  /** the kind's own data, answers included: never sent to a student as it is */
  data: ColumnType<Record<string, unknown>, string, string>;
}

export interface EnrollmentsTable {
  student_id: number;
  course_id: number;
  enrolled_at: Timestamp;
}

export interface ModuleUnlocksTable {
  student_id: number;
  module_id: number;
  unlocked_by: number | null;
  unlocked_at: Timestamp;
}
