import type { FastifyInstance } from 'fastify';
import type { Language } from '@academy/shared/contract';
import { ok } from '../../plugins/errors';
import { currentUser, requireUser } from '../../plugins/session';

/** Texts the pages ask the server for (spec 1 §7 "Message"), in the user's language. */
const MESSAGES: Record<string, Record<Language, string>> = {
  writeComment: {
    ru:
      'Отличная работа! Если задача далась непросто или вы нашли своё решение, напишите пару слов в комментариях к задаче: ' +
      'ваш опыт поможет другим студентам, а ментор увидит, что было трудным.',
    en:
      'Well done! If the task was hard or you found your own way, leave a few words in the task’s comments: ' +
      'your experience helps other students, and your mentor sees what was difficult.',
  },
};

export default async function messageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>(
    '/api/user/message/:name',
    {
      preHandler: requireUser,
      schema: {
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', enum: Object.keys(MESSAGES) } } },
      },
    },
    async (request) => ok({ message: MESSAGES[request.params.name]?.[currentUser(request).language] ?? '' }),
  );
}
