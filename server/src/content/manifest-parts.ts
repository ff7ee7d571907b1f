import { z } from 'zod';
import type { TaskKind } from '@academy/shared/contract';

/** Pieces of the course manifest that every task kind's manifest schema is built from. */
export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a lowercase slug (letters, digits, dashes)');
export const text = (max = 500) => z.string().trim().min(1, 'must not be empty').max(max);
export const markdownFile = z.string().regex(/^[\w./-]+\.md$/, 'must be the path of a .md file in the course folder');

export const choice = z.object({ text: text(), right: z.boolean().default(false) }).strict();

/**
 * A task's hints (issue 32), shown one more after each wrong answer: 1 to 5 short plain texts, one line
 * each (shown as they are, not as Markdown). Only kinds with a verdict take them (grading/hints.ts).
 */
export const hintList = z
  .array(
    z
      .string({ error: 'a hint must be a text' })
      .trim()
      .min(1, 'a hint must not be empty')
      .max(500, 'a hint must be at most 500 characters')
      .refine((hint) => !/[\r\n]/.test(hint), 'a hint must be one line of plain text'),
    { error: 'must be a list of texts' },
  )
  .min(1, 'must list at least one hint (or leave hints out)')
  .max(5, 'must list at most 5 hints');

/** The fields every task has in a manifest. */
export const base = {
  id: slug,
  title: text(200),
  points: z.number().int().min(0).max(1000).default(1),
  text: markdownFile.optional(),
};

/** What every task kind's manifest has after parsing. */
export interface TaskManifestBase {
  id: string;
  type: TaskKind;
  title: string;
  points: number;
  text?: string | undefined;
  /** hints after wrong answers (only kinds that give them) */
  hints?: string[] | undefined;
}
