import { loadConfig } from '../config';
import { migrate, openDatabase } from './database';
import { seedDemo } from './seed';

/** `npm run seed -w server`: adds the demo users to the configured database (PGlite or DATABASE_URL). */
async function run(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    const added = await seedDemo(database.db);
    console.log(`Demo data seeded: ${added} new users`);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
