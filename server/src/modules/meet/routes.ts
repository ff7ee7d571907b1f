import { Type } from 'typebox';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { createMeetRepository } from './repository';
import { MeetLinkQuery } from './schemas';
import { createMeetService } from './service';

/** The meeting link behind a code: /meet?linkCode= (spec 2 §2.12). Public. */
export default async function meetModule(app: App): Promise<void> {
  const meet = createMeetService(createMeetRepository(app.db));
  app.get(
    '/api/meet/link',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The meeting address behind a link code',
        tags: ['meet'],
        querystring: MeetLinkQuery,
        response: Reply(Type.String()),
      },
    },
    async (request) => ok(await meet.linkUrl(request.query.linkCode)),
  );
}
