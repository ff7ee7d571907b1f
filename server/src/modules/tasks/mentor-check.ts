import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { MentorVerdict } from '@academy/shared/contract';
import sanitizeHtml from 'sanitize-html';
import { badRequest, notFound, ok } from '../../plugins/errors';
import { currentUser, requireRoles } from '../../plugins/session';

export type AnswerType = 'LINK' | 'UNIQUE_LINK' | 'SINGLE_LINE_TEXT' | 'STYLED_TEXT';

/** Rich text from students and mentors: a small allow-list, links made safe. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'h3', 'h4'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  }).trim();
}

function normalizeLink(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.toString().replace(/\/$/, '').toLowerCase();
  } catch {
    return null;
  }
}

/** Checks an answer by its type (spec 2 §2.4) and returns it as stored. */
export function checkMentorAnswer(answerType: AnswerType, raw: string): string {
  const value = raw.trim();
  if (!value) throw badRequest('Write your answer first', 'answerEmpty');
  switch (answerType) {
    case 'LINK':
    case 'UNIQUE_LINK':
      if (!normalizeLink(value)) throw badRequest('The answer must be a link starting with http:// or https://', 'answerNotLink');
      return value;
    case 'SINGLE_LINE_TEXT':
      if (/[\r\n]/.test(value)) throw badRequest('The answer must be a single line', 'answerNotSingleLine');
      if (value.length > 500) throw badRequest('The answer must be at most 500 characters', 'answerTooLong');
      return value;
    case 'STYLED_TEXT': {
      if (value.length > 20_000) throw badRequest('The answer must be at most 20000 characters', 'answerTooLong');
      const clean = sanitizeRichText(value);
      if (!sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim())
        throw badRequest('Write your answer first', 'answerEmpty');
      return clean;
    }
  }
}

/** The mentor's side: the verdict on a student's answer and the reference solution of code tasks. */
export async function mentorRoutes(app: FastifyInstance): Promise<void> {
  const mentors = requireRoles(['MENTOR', 'CHIEF_MENTOR']);
  const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

  app.post<{ Params: { studentTaskId: number; answerId: number }; Body: MentorVerdict }>(
    '/api/fake/protect/user/taskInfo/:studentTaskId/answer/:answerId/mentorAnswer',
    {
      preHandler: mentors,
      schema: {
        params: { type: 'object', required: ['studentTaskId', 'answerId'], properties: { studentTaskId: id, answerId: id } },
        body: {
          type: 'object',
          required: ['mentorComment', 'right'],
          properties: { mentorComment: { type: 'string', maxLength: 20_000 }, right: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (
      request: FastifyRequest<{
        Params: { studentTaskId: number; answerId: number };
        Body: MentorVerdict;
      }>,
    ) => {
      const { studentTaskId, answerId } = request.params;
      const mentorComment = sanitizeRichText(request.body.mentorComment);
      const right = request.body.right;
      const solution = await app.db
        .selectFrom('solutions as s')
        .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
        .innerJoin('course_tasks as t', 't.id', 'st.task_id')
        .select(['s.id', 't.kind', 't.points', 'st.id as state_id'])
        .where('s.id', '=', answerId)
        .where('s.student_task_id', '=', studentTaskId)
        .executeTakeFirst();
      if (!solution || solution.kind !== 'mentorCheckTask')
        throw notFound(`There is no answer ${answerId} of task ${studentTaskId} to check`);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('solutions')
          .set({
            right_answer: right,
            result: JSON.stringify({ mentorComment, right }),
            checked_at: new Date(),
            mentor_id: currentUser(request).id,
          })
          .where('id', '=', solution.id)
          .execute();
        await trx
          .updateTable('student_tasks')
          .set({
            checked: true,
            solved: right,
            last_action: right ? 'RIGHT' : 'WRONG',
            // points once: only the first right verdict awards them
            points: right ? sql<number>`case when ever_solved then points else ${solution.points} end` : sql<number>`points`,
            ever_solved: right ? true : sql<boolean>`ever_solved`,
            updated_at: new Date(),
          })
          .where('id', '=', solution.state_id)
          .execute();
      });
      return ok({ mentorComment, right });
    },
  );

  app.get<{ Querystring: { courseTaskId: number } }>(
    '/api/fake/protect/student/task/referenceSolution',
    {
      preHandler: mentors,
      schema: { querystring: { type: 'object', required: ['courseTaskId'], properties: { courseTaskId: id } } },
    },
    async (request) => {
      const task = await app.db
        .selectFrom('course_tasks')
        .select(['kind', 'data'])
        .where('id', '=', request.query.courseTaskId)
        .executeTakeFirst();
      if (!task || task.kind !== 'code') throw notFound(`There is no code task ${request.query.courseTaskId}`);
      const data = task.data as { solution: string; language: string };
      return ok({ solution: data.solution, codeLang: data.language });
    },
  );
}
