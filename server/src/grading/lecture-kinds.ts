import { Type } from 'typebox';
import { z } from 'zod';
import sanitizeHtml from 'sanitize-html';
import { base, text } from '../content/manifest-parts';
import { Nullable } from '../common/schemas';
import { badRequest } from '../plugins/errors';
import { defineKind } from './types';

/** A lecture: read (and watched), solved on open. */
export const lecture = defineKind({
  kind: 'lecture',
  manifest: z
    .object({
      ...base,
      type: z.literal('lecture'),
      video: z.url({ protocol: /^https?$/ }).optional(),
      // WebVTT captions of a video file (players of video hosts carry their own)
      videoCaptions: z.url({ protocol: /^https?$/ }).optional(),
    })
    .strict(),
  toData: (task): { video: string | null; videoCaptions: string | null } => ({
    video: task.video ?? null,
    videoCaptions: task.videoCaptions ?? null,
  }),
  view: {
    schema: Type.Object({ video: Nullable(Type.String()), videoCaptions: Nullable(Type.String()) }),
    build: (data) => ({ video: data.video, videoCaptions: data.videoCaptions }),
  },
});

/** A review step: the module's group review (its body comes with the reviews). */
export const reviewStep = defineKind({
  kind: 'review_step',
  manifest: z.object({ ...base, type: z.literal('review_step'), reviewType: text(50) }).strict(),
  toData: (task): { reviewType: string } => ({ reviewType: task.reviewType }),
  view: { schema: Type.Object({}), build: () => ({}) },
});

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

/** Checks a mentor-check answer by its type (spec 2 §2.4) and returns it as stored. */
export function checkMentorAnswer(answerType: AnswerType, raw: string): string {
  const value = raw.trim();
  if (!value) throw badRequest('server.answerEmpty');
  switch (answerType) {
    case 'LINK':
    case 'UNIQUE_LINK':
      if (!normalizeLink(value)) throw badRequest('server.answerNotLink');
      return value;
    case 'SINGLE_LINE_TEXT':
      if (/[\r\n]/.test(value)) throw badRequest('server.answerNotSingleLine');
      if (value.length > 500) throw badRequest('server.answerTooLong');
      return value;
    case 'STYLED_TEXT': {
      if (value.length > 20_000) throw badRequest('server.answerTooLong');
      const clean = sanitizeRichText(value);
      if (!sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim()) throw badRequest('server.answerEmpty');
      return clean;
    }
  }
}

const Verdict = Nullable(Type.Object({ mentorComment: Type.String(), right: Type.Boolean() }));

/** A mentor check: an answer (link or text) a mentor judges; its waiting state is the task state's. */
export const mentorCheck = defineKind({
  kind: 'mentorCheckTask',
  manifest: z
    .object({
      ...base,
      type: z.literal('mentorCheckTask'),
      answerType: z.enum(['LINK', 'UNIQUE_LINK', 'SINGLE_LINE_TEXT', 'STYLED_TEXT']),
    })
    .strict(),
  toData: (task): { answerType: AnswerType } => ({ answerType: task.answerType }),
  view: {
    // the answer, its id while it waits and the verdicts come from the submissions (tasks service)
    schema: Type.Object({
      answerType: Type.String(),
      answer: Type.String(),
      answerId: Nullable(Type.Integer()),
      pending: Type.Boolean(),
      checked: Type.Boolean(),
      result: Verdict,
      prevResult: Verdict,
    }),
    build: (data) => ({ answerType: data.answerType }),
  },
});
