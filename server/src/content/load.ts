import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import YAML from 'yaml';
import type { z } from 'zod';
import type { TaskKind } from '@academy/shared/contract';
import type { CourseKind } from '../db/schema';
import { TASK_KIND_REGISTRY } from '../grading';
import { withHints } from '../grading/hints';
import { courseSchema, type CourseManifest, type TaskManifest } from './manifest';

/** A content error names the file and the field, so an author can fix it. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    message: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${message}`);
  }
}

export interface LoadedTask {
  slug: string;
  kind: TaskKind;
  title: string;
  points: number;
  descriptionHtml: string;
  /** the kind's stored data (grading/ registry), with the task's hints when it has any (grading/hints.ts) */
  data: unknown;
}

export interface LoadedCourse {
  folder: string;
  slug: string;
  direction: CourseManifest['direction'];
  kind: CourseKind;
  name: string;
  position: number;
  pictureSvg: string;
  fullPassRequired: boolean;
  info: { target: string; demands: string; descriptionHtml: string; filling: string; transitTime: string };
  author: { name: string; email: string; about: string };
  modules: Array<{ slug: string; name: string; chapters: Array<{ slug: string; name: string; tasks: LoadedTask[] }> }>;
}

const MANIFEST_NAMES = ['course.yaml', 'course.yml', 'course.json'];

/** Markdown to HTML with only harmless tags and attributes left. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'del'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], code: ['class'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

function fieldPath(issuePath: ReadonlyArray<PropertyKey>): string {
  return issuePath.reduce<string>(
    (acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
    '',
  );
}

function readCourseFile(folder: string, manifestFile: string, field: string, relative: string): string {
  const resolved = path.resolve(folder, relative);
  if (!resolved.startsWith(path.resolve(folder) + path.sep)) {
    throw new ContentError(manifestFile, field, `"${relative}" is outside the course folder`);
  }
  if (!fs.existsSync(resolved)) throw new ContentError(manifestFile, field, `file "${relative}" does not exist`);
  return fs.readFileSync(resolved, 'utf8');
}

/** An SVG picture that is safe to serve as an image: no scripts, handlers or external references. */
function checkSvg(svg: string, file: string): string {
  const trimmed = svg.trim();
  if (!/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(trimmed)) throw new ContentError(file, '', 'is not an SVG image');
  if (trimmed.length > 100_000) throw new ContentError(file, '', 'is larger than 100 KB');
  if (/<script|<foreignObject|\son\w+\s*=|javascript:|href\s*=\s*["']?(?!#)/i.test(trimmed)) {
    throw new ContentError(file, '', 'contains scripts, event handlers or external links');
  }
  return trimmed;
}

/**
 * Ids for items whose natural numbering would give the answer away (ordering items, association
 * definitions): a permutation seeded by the task's id, so it is stable across imports.
 */
export function shuffledIds(seed: string, count: number): number[] {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  // never the identity (it would show the right order)
  if (count > 1 && ids.every((id, i) => id === i + 1)) ids.push(ids.shift()!);
  return ids;
}

/**
 * The kind's data as stored (its registry entry's import transform): answers kept for the server only;
 * the task's hints beside them (sent only as a student unlocks them).
 */
function taskData(task: TaskManifest): unknown {
  const data = TASK_KIND_REGISTRY[task.type].toData(task, { shuffledIds: (count) => shuffledIds(task.id, count) });
  return withHints(data, task.hints);
}

/** Reads and checks one course folder; throws a ContentError naming the file and the field. */
export function loadCourse(folder: string): LoadedCourse {
  const manifestName = MANIFEST_NAMES.find((name) => fs.existsSync(path.join(folder, name)));
  if (!manifestName) throw new ContentError(folder, '', `has no ${MANIFEST_NAMES.join(' or ')}`);
  const manifestFile = path.join(folder, manifestName);
  let raw: unknown;
  try {
    const source = fs.readFileSync(manifestFile, 'utf8');
    raw = manifestName.endsWith('.json') ? JSON.parse(source) : YAML.parse(source);
  } catch (error) {
    throw new ContentError(manifestFile, '', `cannot be parsed: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = courseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ContentError(manifestFile, fieldPath(issue.path), issue.message);
  }
  const course = parsed.data;
  const read = (field: string, relative: string) => readCourseFile(folder, manifestFile, field, relative);
  return {
    folder,
    slug: course.id,
    direction: course.direction,
    kind: course.type,
    name: course.name,
    position: course.position,
    pictureSvg: checkSvg(read('picture', course.picture), path.join(folder, course.picture)),
    fullPassRequired: course.fullPassRequired,
    info: {
      target: course.info.target,
      demands: course.info.demands,
      descriptionHtml: renderMarkdown(read('info.description', course.info.description)),
      filling: course.info.filling,
      transitTime: course.info.transitTime,
    },
    author: course.author,
    modules: course.modules.map((module, m) => ({
      slug: module.id,
      name: module.name,
      chapters: module.chapters.map((chapter, c) => ({
        slug: chapter.id,
        name: chapter.name,
        tasks: chapter.tasks.map((task, t) => ({
          slug: task.id,
          kind: task.type,
          title: task.title,
          points: task.points,
          descriptionHtml: task.text ? renderMarkdown(read(`modules[${m}].chapters[${c}].tasks[${t}].text`, task.text)) : '',
          data: taskData(task),
        })),
      })),
    })),
  };
}

/** A course folder, or a folder whose subfolders are courses. */
export function loadContent(folder: string): LoadedCourse[] {
  const root = path.resolve(folder);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new ContentError(folder, '', 'is not a folder');
  if (MANIFEST_NAMES.some((name) => fs.existsSync(path.join(root, name)))) return [loadCourse(root)];
  const courses = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, entry.name))
    .filter((dir) => MANIFEST_NAMES.some((name) => fs.existsSync(path.join(dir, name))))
    .sort()
    .map(loadCourse);
  if (courses.length === 0) throw new ContentError(folder, '', 'holds no course folder (a folder with course.yaml)');
  const slugs = new Set<string>();
  for (const course of courses) {
    if (slugs.has(course.slug)) throw new ContentError(course.folder, 'id', `duplicate course id "${course.slug}"`);
    slugs.add(course.slug);
  }
  return courses;
}
