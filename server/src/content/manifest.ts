import { z } from 'zod';
import { DIRECTIONS, TASK_KINDS } from '@academy/shared/contract';
import { TASK_KIND_REGISTRY } from '../grading';
import { GIVES_HINTS } from '../grading/hints';
import { hintList, slug, text, type TaskManifestBase } from './manifest-parts';

/**
 * The course manifest (`course.yaml` or `course.json`) authors write. Markdown lives in files beside it
 * and is named by path (`description`, a task's `text`). Ids are stable slugs: importing again matches
 * modules, chapters and tasks by id, so students keep their progress when content changes.
 */
const markdownFile = z.string().regex(/^[\w./-]+\.md$/, 'must be the path of a .md file in the course folder');

/**
 * A task: its kind's own manifest schema from the task kind registry (grading/), chosen by `type`.
 * Issues of the kind's schema keep their paths, so errors name the task's field. `hints` are checked
 * here, the same for every kind that gives them (grading/hints.ts), and refused on the others.
 */
export const taskSchema = z
  .looseObject({ type: z.enum(TASK_KINDS), hints: hintList.optional() })
  .transform((task, ctx): TaskManifestBase => {
    const { hints, ...fields } = task;
    if (hints && !GIVES_HINTS[task.type]) {
      ctx.addIssue({
        code: 'custom',
        path: ['hints'],
        message: `a ${task.type} task has no wrong answers: only a task with a verdict (a test, code…) gives hints`,
      });
      return z.NEVER;
    }
    const parsed = TASK_KIND_REGISTRY[task.type].manifest.safeParse(fields);
    if (parsed.success) return hints ? { ...parsed.data, hints } : parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
export type TaskManifest = TaskManifestBase;

const uniqueIds = <T extends { id: string }>(items: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id "${item.id}"` });
    seen.add(item.id);
  });
};

const chapter = z.object({ id: slug, name: text(200), tasks: z.array(taskSchema).min(1).superRefine(uniqueIds) }).strict();
const moduleSchema = z.object({ id: slug, name: text(200), chapters: z.array(chapter).min(1).superRefine(uniqueIds) }).strict();

export const courseSchema = z
  .object({
    id: slug,
    direction: z.enum(DIRECTIONS),
    type: z.enum(['regular', 'additional', 'enrollee']),
    name: text(200),
    position: z.number().int().min(0).default(0),
    picture: z.string().regex(/^[\w./-]+\.svg$/, 'must be the path of an .svg file in the course folder'),
    fullPassRequired: z.boolean().default(false),
    info: z
      .object({
        target: text(1000),
        demands: text(1000),
        description: markdownFile,
        filling: text(500),
        transitTime: text(200),
      })
      .strict(),
    author: z.object({ name: text(200), email: z.email(), about: text(2000) }).strict(),
    modules: z.array(moduleSchema).min(1).superRefine(uniqueIds),
  })
  .strict();
export type CourseManifest = z.infer<typeof courseSchema>;
