import { Type } from 'typebox';
import { z } from 'zod';
import sanitizeHtml from 'sanitize-html';
import { base, text } from '../content/manifest-parts';
import { Nullable } from '../common/schemas';
import { badRequest } from '../common/errors';
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

/**
 * A link's address as rich text may keep it: an absolute http(s) URL with its host after `//`, or a
 * mailto: one. Anything else is dropped: relative and protocol-relative addresses (`//host`, and
 * `/\host` or `http:\\host`, which browsers read as `//host`), other schemes, and any backslash.
 */
export function safeHref(href: string | undefined): string | null {
  const value = href?.trim() ?? '';
  if (value.includes('\\') || !/^(https?:\/\/[^/?#\s]|mailto:\S)/i.test(value)) return null;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? value : null;
  } catch {
    return null;
  }
}

/** Sanitised texts kept by their source (the same notices and comments are read again and again). */
const sanitized = new Map<string, string>();
const SANITIZED_KEPT = 2000;
const SANITIZED_MAX_CHARS = 20_000;

/**
 * Rich text from students, mentors and staff: a small allow-list, links made safe (new tab, no opener).
 * A pure function of the text, so its result is kept (bounded) for the next read of the same text.
 */
export function sanitizeRichText(html: string): string {
  const kept = sanitized.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitize(html);
  if (html.length <= SANITIZED_MAX_CHARS) {
    if (sanitized.size >= SANITIZED_KEPT) sanitized.delete(sanitized.keys().next().value!);
    sanitized.set(html, clean);
  }
  return clean;
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'h3', 'h4'],
    // rel and target are the transform's own values (a writer's are replaced)
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = safeHref(attribs.href);
        return {
          tagName,
          attribs: { ...(href ? { href } : {}), rel: 'noopener noreferrer nofollow', target: '_blank' },
        };
      },
    },
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
      // while an answer waits: the instant its verdict is promised by (docs/courses.md, "Mentor queue")
      verdictExpectedBy: Nullable(Type.String()),
    }),
    build: (data) => ({ answerType: data.answerType }),
  },
});
