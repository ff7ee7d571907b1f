import path from 'node:path';
import type { Kysely } from 'kysely';
import { importCourses, type ImportSummary } from '../content/import';
import { loadContent } from '../content/load';
import type { Database } from '../db/schema';

/**
 * The courses every test works with (server tests, frontend integration tests, the browser suite): a
 * folder of their own in the manifest format of `server/content/`, so editing the demo courses never
 * breaks a test. See fixtures/content/README.md for what each course holds.
 */
export const FIXTURE_CONTENT_DIR = path.resolve(__dirname, 'fixtures', 'content');

/** Names of the fixture courses, as students see them. */
export const FIXTURE_COURSES = {
  /** regular, FE: every task kind but review_step in three modules */
  practice: { slug: 'practice', name: 'Практикум: JavaScript' },
  /** regular, FE, must be passed in full: a lecture and a test, then a code task */
  fullPass: { slug: 'full-pass', name: 'Курс с полным прохождением' },
  /** regular, FE: the first module ends with a group review (review_step) that opens the second */
  review: { slug: 'review', name: 'Курс с ревью' },
  /** additional, FE: a word, an ordering and a styled-text mentor check */
  extra: { slug: 'extra', name: 'Дополнительный практикум' },
  /** enrollee, FE */
  enrollee: { slug: 'enrollee-start', name: 'Практикум абитуриента' },
} as const;

/** Imports the fixture courses with the academy's own content import. */
export function importFixtureContent(db: Kysely<Database>): Promise<ImportSummary[]> {
  return importCourses(db, loadContent(FIXTURE_CONTENT_DIR));
}
