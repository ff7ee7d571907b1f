import type { FastifyReply, FastifyRequest, FastifyTypeProviderDefault, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { STAFF_VIEW_ROLES, USER_AREA_ROLES, type RoleName } from '@academy/shared/contract';
import { Id, Reply } from '../common/schemas';
import type { App } from '../common/types';
import type { UserRow } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound, ok } from '../common/errors';
import { currentUser, requireRoles } from './guards';

/** Who may open a student's pages in view-as-student mode (spec 1 §6): staff, and a paying student. */
export const VIEW_AS_ROLES: readonly RoleName[] = [...STAFF_VIEW_ROLES, 'PAY_STUDENT'];

/** Who reads their own /user area (spec 2 §6): an enrollee (STUDENT) works only in /enrollee. */
export const COURSE_AREA_ROLES: readonly RoleName[] = USER_AREA_ROLES;

/** Who learns in regular and additional courses (enrols, answers): the paying student. */
export const COURSE_LEARNER_ROLES: readonly RoleName[] = ['PAY_STUDENT'];

/** Whose pages a call reads: the viewer's own, or a student's in view-as-student (FAKE) mode. */
export interface Subject {
  viewer: UserRow;
  student: UserRow;
  fake: boolean;
}

/**
 * The one place that decides whose data is read (spec 1 §6). Without `studentId` the viewer reads their
 * own. With it: ADMIN, MENTOR, CHIEF_MENTOR and CURATOR may read any student's (a paying student's or
 * an enrollee's); a PAY_STUDENT only a classmate, a PAY_STUDENT of the same direction (their own id is
 * their own page), never an enrollee; everyone else gets a 403.
 */
export async function resolveSubject(request: FastifyRequest, studentId: number | undefined): Promise<Subject> {
  const viewer = currentUser(request);
  if (studentId === undefined) return { viewer, student: viewer, fake: false };
  const maySeeAny = STAFF_VIEW_ROLES.includes(viewer.role);
  if (!maySeeAny && viewer.role !== 'PAY_STUDENT') throw forbidden('server.noStudentPages');
  if (studentId === viewer.id && viewer.role === 'PAY_STUDENT') return { viewer, student: viewer, fake: false };
  const student = await request.server.users.findStudent(studentId);
  if (!student) throw notFound('server.noStudent', { id: studentId });
  if (!maySeeAny) {
    if (viewer.direction === null || viewer.direction !== student.direction) throw forbidden('server.otherDirection');
    if (student.role !== 'PAY_STUDENT') throw forbidden('server.notClassmate');
  }
  return { viewer, student, fake: true };
}

/**
 * The one rule of whom staff act for (enrol, open a module, mark a module done, finish a course, reset a
 * review; docs/courses.md, "Staff students list and view-as mode"): CHIEF_MENTOR, ADMIN and CURATOR for any student; a MENTOR only for
 * their own students and students without a mentor, else a 409 (not a 403: the shell signs a user out
 * on any 403). A missing student is left to the action's own 404.
 */
export async function requireActingFor(request: FastifyRequest, studentId: number): Promise<void> {
  const viewer = currentUser(request);
  if (viewer.role !== 'MENTOR') return;
  const student = await request.server.users.findStudent(studentId);
  if (student && student.mentor_id !== null && student.mentor_id !== viewer.id)
    throw new ApiError(409, 'server.studentOfAnotherMentor');
}

type Static0<T> = T extends TSchema ? Static<T> : undefined;

/** What a per-student handler receives besides the subject: the validated input. */
export interface StudentInput<P, Q, B> {
  params: Static0<P>;
  query: Static0<Q>;
  body: Static0<B>;
  request: FastifyRequest;
}

/**
 * One per-student call, declared once and registered as its two twins: the student's own address and
 * the view-as-student address (which also takes `?studentId`). The subject is resolved before the
 * handler runs; the handler returns the reply's data, checked against `response` on the way out.
 */
export interface StudentRoute<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TSchema | undefined,
  R extends TSchema,
> {
  method: HTTPMethods;
  /** the own address, e.g. `/api/student/course/all-views`; null when the call has no own twin */
  own: string | null;
  /** the view-as-student address, e.g. `/api/fake/user/course/all-views`; null when it has none */
  fake: string | null;
  /** who may call the own twin (required when there is one) */
  ownRoles?: readonly RoleName[];
  /**
   * who may call the view-as-student twin (required when there is one); the subject rule then decides
   * whom each may view (`resolveSubject`). A view-as read never writes: the handler sees `subject.fake`.
   */
  fakeRoles?: readonly RoleName[];
  summary: string;
  /** a GET that changes state (the CSRF guard then refuses it from other origins) */
  changesState?: boolean;
  /** a POST that only reads (its filter in the body): a server render may ask it (csrf.ts) */
  readsOnly?: boolean;
  tags?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  /**
   * The handler's result, when an object, is a snapshot never changed once returned (a view the server
   * keeps per state of the student): its reply text is kept with it and sent again for the same object,
   * instead of being serialised on every request (issue 14, the API's throughput).
   */
  snapshots?: boolean;
  /** the most bytes the body may have, when below the server's limit (a 413 above it) */
  bodyLimit?: number;
  handler(subject: Subject, input: StudentInput<P, Q, B>): Promise<Static<R>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers both twins of a per-student call from one declaration (see `StudentRoute`). */
    studentRoute<P extends TObject | undefined, Q extends TObject | undefined, B extends TSchema | undefined, R extends TSchema>(
      route: StudentRoute<P, Q, B, R>,
    ): void;
  }
}

/** The query of a view-as-student twin: the call's own query plus the required `studentId`. */
function fakeQuery(query: TObject | undefined): TObject {
  return Type.Object({ ...(query?.properties ?? {}), studentId: Id });
}

export default fp(
  async function subjectPlugin(app: App) {
    app.decorate('studentRoute', function studentRoute<
      P extends TObject | undefined,
      Q extends TObject | undefined,
      B extends TSchema | undefined,
      R extends TSchema,
    >(this: App, route: StudentRoute<P, Q, B, R>) {
      const twins: Array<{ url: string | null; fake: boolean; roles?: readonly RoleName[] }> = [
        { url: route.own, fake: false, roles: route.ownRoles },
        { url: route.fake, fake: true, roles: route.fakeRoles },
      ];
      // the schemas are checked by the declaration's types; the plain instance registers them as they are
      const plain = this.withTypeProvider<FastifyTypeProviderDefault>();
      for (const twin of twins) {
        if (!twin.url) continue;
        // every twin declares who may call it (the access test walks the declarations)
        if (!twin.roles)
          throw new Error(`studentRoute ${route.method} ${twin.url}: declare ${twin.fake ? 'fakeRoles' : 'ownRoles'}`);
        const querystring = twin.fake ? fakeQuery(route.querystring) : route.querystring;
        // the reply text of each snapshot this twin sent (its schema's serialisation of it): per twin,
        // as each has its own serialiser; gone with the snapshot
        const replies = route.snapshots ? new WeakMap<object, string>() : null;
        plain.route({
          method: route.method,
          url: twin.url,
          preHandler: requireRoles(twin.roles),
          ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
          config: {
            twin: twin.fake ? 'view-as' : 'own',
            ...(route.changesState ? { changesState: true } : {}),
            ...(route.readsOnly ? { readsOnly: true } : {}),
          },
          schema: {
            summary: twin.fake ? `${route.summary} (view as student)` : route.summary,
            tags: route.tags,
            ...(route.params ? { params: route.params } : {}),
            ...(querystring ? { querystring } : {}),
            ...(route.body ? { body: route.body } : {}),
            response: Reply(route.response),
          },
          handler: async (request: FastifyRequest, reply: FastifyReply) => {
            const query = (request.query ?? {}) as { studentId?: number };
            if (twin.fake && query.studentId === undefined) throw badRequest('server.studentIdRequired');
            const subject = await resolveSubject(request, twin.fake ? query.studentId : undefined);
            const input = { params: request.params, query: request.query, body: request.body, request } as StudentInput<P, Q, B>;
            const data = await route.handler(subject, input);
            if (!replies || data === null || typeof data !== 'object') return ok(data);
            let text = replies.get(data);
            if (text === undefined) {
              text = String(reply.serialize(ok(data)));
              replies.set(data, text);
            }
            return reply.type('application/json; charset=utf-8').send(text);
          },
        });
      }
    });
  },
  { name: 'subject', dependencies: ['session'] },
);
