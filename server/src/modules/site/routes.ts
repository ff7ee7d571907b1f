import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { SiteInfoSchema } from './schemas';

/** Contact and legal details for the public pages (spec 2 §2.16), from configuration: no rules, no SQL. */
export default async function siteModule(app: App): Promise<void> {
  app.get(
    '/api/public/site',
    {
      config: { access: 'public' },
      schema: { summary: 'Contact and legal details of the academy', tags: ['site'], response: Reply(SiteInfoSchema) },
    },
    async () => ok(app.config.site),
  );
}
