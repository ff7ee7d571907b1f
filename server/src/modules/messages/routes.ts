import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireUser } from '../../plugins/guards';
import { MessageParams, MessageSchema } from './schemas';
import { messageText } from './service';

/** Texts the pages ask the server for, in the user's language. */
export default async function messagesModule(app: App): Promise<void> {
  app.get(
    '/api/user/message/:name',
    {
      preHandler: requireUser,
      schema: {
        summary: 'A page text by name, in the user’s language',
        tags: ['messages'],
        params: MessageParams,
        response: Reply(MessageSchema),
      },
    },
    async (request) => ok({ message: messageText(request.params.name, currentUser(request).language) }),
  );
}
