import path from 'node:path';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { importCourses } from './import';
import { ContentError, loadContent } from './load';

/**
 * `npm run content:import -- <folder>`: checks every course in the folder first, then loads them all
 * in one transaction. An error names the file and the field and changes nothing. With the embedded
 * database, stop the running server first (PGlite allows one process per data folder).
 */
async function run(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: npm run content:import -- <course folder or folder of courses>');
    process.exit(2);
  }
  let courses;
  try {
    courses = loadContent(path.resolve(process.env.INIT_CWD ?? process.cwd(), folder));
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(`Nothing was imported. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    for (const s of await importCourses(database.db, courses)) {
      console.log(
        `${s.course} (id ${s.id}): ${s.modules} modules, ${s.chapters} chapters, ${s.tasks} tasks${s.removedTasks ? `, ${s.removedTasks} tasks removed` : ''}`,
      );
    }
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
