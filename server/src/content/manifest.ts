import { z } from 'zod';
import { DIRECTIONS } from '@academy/shared/contract';

/**
 * The course manifest (`course.yaml` or `course.json`) authors write. Markdown lives in files beside it
 * and is named by path (`description`, a task's `text`). Ids are stable slugs: importing again matches
 * modules, chapters and tasks by id, so students keep their progress when content changes.
 */
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a lowercase slug (letters, digits, dashes)');
const text = (max = 500) => z.string().trim().min(1, 'must not be empty').max(max);
const markdownFile = z.string().regex(/^[\w./-]+\.md$/, 'must be the path of a .md file in the course folder');

const choice = z.object({ text: text(), right: z.boolean().default(false) }).strict();

const base = {
  id: slug,
  title: text(200),
  points: z.number().int().min(0).max(1000).default(1),
  text: markdownFile.optional(),
};

const lecture = z
  .object({
    ...base,
    type: z.literal('lecture'),
    video: z.url({ protocol: /^https?$/ }).optional(),
    // WebVTT captions of a video file (players of video hosts carry their own)
    videoCaptions: z.url({ protocol: /^https?$/ }).optional(),
  })
  .strict();
const theory = z
  .object({ ...base, type: z.literal('theory'), multipleAnswer: z.boolean().default(false), answers: z.array(choice).min(2) })
  .strict()
  .superRefine((task, ctx) => {
    const right = task.answers.filter((a) => a.right).length;
    if (right === 0) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'at least one answer must be right' });
    if (!task.multipleAnswer && right > 1) {
      ctx.addIssue({ code: 'custom', path: ['answers'], message: 'a single-answer question must have exactly one right answer' });
    }
  });
const word = z.object({ ...base, type: z.literal('word'), answers: z.array(text(200)).min(1) }).strict();
const gapping = z
  .object({ ...base, type: z.literal('gapping'), gapText: text(5000) })
  .strict()
  .refine((task) => /\{\{[^{}]+\}\}/.test(task.gapText), {
    path: ['gapText'],
    message: 'must contain at least one gap written as {{answer}} or {{answer|alternative}}',
  });
const ordering = z.object({ ...base, type: z.literal('ordering'), items: z.array(text()).min(2) }).strict();
const association = z
  .object({
    ...base,
    type: z.literal('association'),
    pairs: z.array(z.object({ term: text(), definition: text() }).strict()).min(2),
  })
  .strict();
const multiTest = z
  .object({
    ...base,
    type: z.literal('multi_test'),
    tests: z
      .array(
        z
          .object({ question: text(), answers: z.array(choice).min(2) })
          .strict()
          .refine((q) => q.answers.filter((a) => a.right).length === 1, {
            path: ['answers'],
            message: 'exactly one answer must be right',
          }),
      )
      .min(1),
  })
  .strict();
const multiAnswer = z
  .object({
    ...base,
    type: z.literal('multi_answer'),
    answers: z.array(text()).min(2),
    questions: z.array(z.object({ question: text(), right: z.array(z.number().int().min(1)).min(1) }).strict()).min(1),
  })
  .strict()
  .superRefine((task, ctx) => {
    task.questions.forEach((q, i) => {
      if (q.right.some((n) => n > task.answers.length)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'right'],
          message: `answer numbers go from 1 to ${task.answers.length}`,
        });
      }
    });
  });
const multiInput = z
  .object({
    ...base,
    type: z.literal('multi_input'),
    items: z.array(z.object({ question: text(), answers: z.array(text(200)).min(1) }).strict()).min(1),
  })
  .strict();
const code = z
  .object({
    ...base,
    type: z.literal('code'),
    language: z.enum(['javascript', 'typescript']).default('javascript'),
    placeholder: z.string().max(10000).default(''),
    solution: text(20000),
    tests: z.array(z.object({ name: text(200), call: text(1000), expected: z.json() }).strict()).min(1),
  })
  .strict();
const mentorCheck = z
  .object({
    ...base,
    type: z.literal('mentorCheckTask'),
    answerType: z.enum(['LINK', 'UNIQUE_LINK', 'SINGLE_LINE_TEXT', 'STYLED_TEXT']),
  })
  .strict();
const reviewStep = z.object({ ...base, type: z.literal('review_step'), reviewType: text(50) }).strict();

export const taskSchema = z.discriminatedUnion('type', [
  lecture,
  theory,
  word,
  gapping,
  ordering,
  association,
  multiTest,
  multiAnswer,
  multiInput,
  code,
  mentorCheck,
  reviewStep,
]);
export type TaskManifest = z.infer<typeof taskSchema>;

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
