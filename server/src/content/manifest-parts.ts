import { z } from 'zod';
import type { TaskKind } from '@academy/shared/contract';

/** Pieces of the course manifest that every task kind's manifest schema is built from. */
export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a lowercase slug (letters, digits, dashes)');
export const text = (max = 500) => z.string().trim().min(1, 'must not be empty').max(max);
export const markdownFile = z.string().regex(/^[\w./-]+\.md$/, 'must be the path of a .md file in the course folder');

export const choice = z.object({ text: text(), right: z.boolean().default(false) }).strict();

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
}
