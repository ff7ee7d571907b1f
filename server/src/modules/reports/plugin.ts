import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { createReportRepository } from './repository';
import { createReportService, type ReportService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** the daily reports' rules (the reports pages, and whether yesterday's report is owed at sign-in and in the profile) */
    reports: ReportService;
  }
}

/** The reports area's objects, made once (docs/architecture.md, "Server"). */
export default fp(
  async function reportsPlugin(app: App) {
    app.decorate('reports', createReportService(createReportRepository(app.db), app.clock));
  },
  { name: 'reports', dependencies: ['database', 'clock'] },
);
