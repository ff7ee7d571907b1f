import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LoadedCourse } from './load';

export interface ImportSummary {
  course: string;
  id: number;
  modules: number;
  chapters: number;
  tasks: number;
  removedTasks: number;
}

/**
 * Creates or updates courses in one transaction, matching modules, chapters and tasks by their ids
 * (slugs), so rows keep their database ids and students keep their progress. Parts no longer in the
 * manifest are removed, with the progress on them.
 */
export async function importCourses(db: Kysely<Database>, courses: LoadedCourse[]): Promise<ImportSummary[]> {
  return db.transaction().execute(async (trx) => {
    const summaries: ImportSummary[] = [];
    for (const course of courses) summaries.push(await importCourse(trx, course));
    return summaries;
  });
}

async function importCourse(trx: Transaction<Database>, course: LoadedCourse): Promise<ImportSummary> {
  const values = {
    slug: course.slug,
    direction: course.direction,
    kind: course.kind,
    name: course.name,
    position: course.position,
    picture_svg: course.pictureSvg,
    target: course.info.target,
    demands: course.info.demands,
    description_html: course.info.descriptionHtml,
    filling: course.info.filling,
    transit_time: course.info.transitTime,
    author_name: course.author.name,
    author_email: course.author.email,
    author_about: course.author.about,
    full_pass_required: course.fullPassRequired,
    updated_at: new Date(),
  };
  const { id: courseId } = await trx
    .insertInto('courses')
    .values(values)
    .onConflict((oc) => oc.column('slug').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();

  let chapters = 0;
  let tasks = 0;
  let removedTasks = 0;
  const keptModules: number[] = [];
  for (const [m, module] of course.modules.entries()) {
    const { id: moduleId } = await trx
      .insertInto('course_modules')
      .values({ course_id: courseId, slug: module.slug, position: m + 1, name: module.name })
      .onConflict((oc) => oc.columns(['course_id', 'slug']).doUpdateSet({ position: m + 1, name: module.name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    keptModules.push(moduleId);
    const keptChapters: number[] = [];
    for (const [c, chapter] of module.chapters.entries()) {
      const { id: chapterId } = await trx
        .insertInto('course_chapters')
        .values({ module_id: moduleId, slug: chapter.slug, position: c + 1, name: chapter.name })
        .onConflict((oc) => oc.columns(['module_id', 'slug']).doUpdateSet({ position: c + 1, name: chapter.name }))
        .returning('id')
        .executeTakeFirstOrThrow();
      keptChapters.push(chapterId);
      chapters += 1;
      const keptTasks: number[] = [];
      for (const [t, task] of chapter.tasks.entries()) {
        const row = {
          position: t + 1,
          kind: task.kind,
          title: task.title,
          points: task.points,
          description_html: task.descriptionHtml,
          data: JSON.stringify(task.data),
        };
        const { id } = await trx
          .insertInto('course_tasks')
          .values({ chapter_id: chapterId, slug: task.slug, ...row })
          .onConflict((oc) => oc.columns(['chapter_id', 'slug']).doUpdateSet(row))
          .returning('id')
          .executeTakeFirstOrThrow();
        keptTasks.push(id);
        tasks += 1;
      }
      const removed = await trx
        .deleteFrom('course_tasks')
        .where('chapter_id', '=', chapterId)
        .where('id', 'not in', keptTasks)
        .executeTakeFirst();
      removedTasks += Number(removed.numDeletedRows);
    }
    await trx.deleteFrom('course_chapters').where('module_id', '=', moduleId).where('id', 'not in', keptChapters).execute();
  }
  await trx.deleteFrom('course_modules').where('course_id', '=', courseId).where('id', 'not in', keptModules).execute();
  return { course: course.slug, id: courseId, modules: course.modules.length, chapters, tasks, removedTasks };
}
