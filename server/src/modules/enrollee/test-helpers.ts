// For the tests of this area only (imported by *.test.ts, never by the app).
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Direction, TaskKind } from '@academy/shared/contract';
import { importCourses } from '../../content/import';
import { loadContent } from '../../content/load';
import type { DatabaseKind } from '../../db/database';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { FIXTURE_CONTENT_DIR } from '../../testing/fixtures';

/** A step of a course as the tests know it: its task, kind, points and stored data (answers included). */
export interface TestStep {
  taskId: number;
  kind: TaskKind;
  points: number;
  data: Record<string, unknown>;
}

export interface EnrolleeApp extends CourseApp {
  /** the steps of a direction's enrollee course, in order (FE: the fixture's; JAVA: every kind) */
  steps(direction: Direction): Promise<TestStep[]>;
  /** a signed-in enrollee (STUDENT) of the direction */
  enrollee(direction?: Direction): Promise<{ id: number; cookie: string }>;
  get(url: string, cookie: string): Promise<LightMyRequestResponse>;
  post(url: string, cookie: string, payload?: object): Promise<LightMyRequestResponse>;
  /** the step's task as the step address loads it (opens it); its state id is `studentTaskId` */
  open(cookie: string, position: number, taskId: number): Promise<LightMyRequestResponse>;
  heading(cookie: string, position?: number): Promise<LightMyRequestResponse>;
}

/**
 * The fixture courses plus a JAVA enrollee course with a step of every kind but the review (the
 * practice course's tasks, imported as an enrollee course of its own), so each kind's answer can be
 * sent through the steps' one address.
 */
export async function createEnrolleeApp(kind: DatabaseKind): Promise<EnrolleeApp> {
  const c = await createCourseApp(kind);
  const [practice] = loadContent(path.join(FIXTURE_CONTENT_DIR, 'practice'));
  await importCourses(c.t.database.db, [
    { ...practice!, slug: 'enrollee-every-kind', kind: 'enrollee', direction: 'JAVA', name: 'Шаги: каждый тип' },
  ]);
  const db = c.t.database.db;
  const get = (url: string, cookie: string) => c.t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload?: object) =>
    c.t.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    ...c,
    async steps(direction) {
      const rows = await db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .innerJoin('courses as co', 'co.id', 'm.course_id')
        .select(['t.id', 't.kind', 't.points', 't.data'])
        .where('co.kind', '=', 'enrollee')
        .where('co.direction', '=', direction)
        .orderBy('m.position')
        .orderBy('ch.position')
        .orderBy('t.position')
        .execute();
      return rows.map((r) => ({ taskId: r.id, kind: r.kind, points: r.points, data: r.data as Record<string, unknown> }));
    },
    enrollee: (direction = 'FE') => c.t.userWithSession({ role: 'STUDENT', paymentType: 'REGULAR', direction }),
    get,
    post,
    open: (cookie, position, taskId) => get(`/api/enrollee/directionTask/${position}/${taskId}`, cookie),
    heading: (cookie, position) =>
      get(`/api/enrollee/directionTask/heading${position === undefined ? '' : `?directionTaskPosition=${position}`}`, cookie),
  };
}

/**
 * The right answer of a task, from its stored data, as a student sends it (spec 2 §7, with `taskType`);
 * null for the kinds not answered by a payload (a lecture is read, mentor checks and reviews are not steps' answers).
 */
export function rightPayload(kind: TaskKind, data: Record<string, unknown>): Record<string, unknown> | null {
  const list = <T>(name: string): T[] => (Array.isArray(data[name]) ? (data[name] as T[]) : []);
  switch (kind) {
    case 'theory':
      return {
        taskType: 'theory',
        answerIds: list<{ id: number; right: boolean }>('answers')
          .filter((a) => a.right)
          .map((a) => a.id),
      };
    case 'word':
      return { taskType: 'word', answer: list<string>('answers')[0] };
    case 'code':
      return { taskType: 'code', solution: data.solution };
    case 'gapping':
      return {
        taskType: 'gapping',
        studentAnswers: list<{ id: number; answers: string[] }>('gaps').map((g) => ({
          gappingItemId: g.id,
          gappingText: g.answers[0],
        })),
      };
    case 'ordering':
      return {
        taskType: 'ordering',
        answerItemDtos: list<{ id: number; position: number }>('items').map(({ id, position }) => ({ id, position })),
      };
    case 'association':
      return {
        taskType: 'association',
        studentAnswers: list<[number, number]>('pairs').map(([termId, definitionId]) => ({ termId, definitionId })),
      };
    case 'multi_test':
      return {
        taskType: 'multiTest',
        studentAnswers: list<{ id: number; answers: Array<{ id: number; right: boolean }> }>('tests').map((q) => ({
          itemId: q.id,
          itemProbablyAnswerId: q.answers.find((a) => a.right)!.id,
        })),
      };
    case 'multi_answer':
      return {
        taskType: 'multiAnswer',
        studentAnswers: list<{ id: number; right: number[] }>('questions').map((q) => ({
          questionId: q.id,
          studentItemAnswersIds: q.right,
        })),
      };
    case 'multi_input':
      return {
        taskType: 'multiInput',
        studentAnswers: list<{ id: number; answers: string[] }>('items').map((i) => ({
          multiInputItemId: i.id,
          answerText: i.answers[0],
        })),
      };
    default:
      return null;
  }
}
