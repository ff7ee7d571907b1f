import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RoleName } from '@academy/shared/contract';
import { named } from '../common/plugin-name';
import type { App } from '../common/types';
import { API_DOCS_PATH } from './openapi';
import { guardRule } from './guards';

/**
 * Who may call a route, as the route declares it:
 * - `public`: anyone, signed in or not (`config: { access: 'public' }`);
 * - `signed-in`: the guard in its `preHandler` (`requireUser`: anyone signed in, `requireRoles(...)`:
 *   those roles); a per-student twin (`app.studentRoute`) adds whose data it reads (`twin`);
 * - `files`: the built frontends and the API's own documentation (the hidden GET/HEAD routes that
 *   @fastify/static and @fastify/swagger-ui register at `/`, `/remotes/…` and `/api/docs…`; no one's data);
 * - `test`: the test factories, registered only by the test servers.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'files' }
  | { kind: 'test' }
  | { kind: 'signed-in'; roles: 'any' | readonly RoleName[]; twin: 'own' | 'view-as' | null };

/** One row of the route table: the address, its schema and its declaration (null: undeclared). */
export interface AccessEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  access: RouteAccess | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a route without a guard says it is meant for everyone (`public`); `test` is set by `testOnly` */
    access?: 'public' | 'test';
    /** set by `app.studentRoute`: the student's own address, or the view-as-student one (`?studentId`) */
    twin?: 'own' | 'view-as';
  }
  interface FastifyInstance {
    /** Every route with its access declaration (the authorization test walks it). */
    accessTable(): AccessEntry[];
  }
}

/** Where the built frontends and the API's documentation are served (plugins/static/, plugins/openapi.ts). */
const isFilePath = (url: string) =>
  url === '/' || url === '/*' || url.startsWith('/remotes/') || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The declaration of a route as registered; null when it has none. */
export function routeAccess(
  route: Pick<RouteOptions, 'method' | 'url' | 'preHandler' | 'onRequest' | 'config' | 'schema'>,
): RouteAccess | null {
  const config = route.config as { access?: string; twin?: 'own' | 'view-as' } | undefined;
  if (config?.access === 'public') return { kind: 'public' };
  if (config?.access === 'test') return { kind: 'test' };
  const rule = [...list(route.onRequest), ...list(route.preHandler)].map(guardRule).find((r) => r !== undefined);
  if (rule) return { kind: 'signed-in', roles: rule.roles, twin: config?.twin ?? null };
  const methods = list(route.method as string | string[]);
  const readOnly = methods.every((m) => m === 'GET' || m === 'HEAD');
  const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
  if (readOnly && hidden && isFilePath(route.url)) return { kind: 'files' };
  return null;
}

/**
 * Every route declares who may call it, or the app does not start: the route table is collected as
 * routes are registered and checked when the app is ready. A route's guard runs first thing
 * (onRequest), before its body is read or validated, so a caller who may not call it learns nothing
 * from the validation either (a 401 or 403 whatever they send).
 */
export default fp(
  async function accessPlugin(app: App) {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      const preHandlers = list(route.preHandler);
      const guards = preHandlers.filter((handler) => guardRule(handler) !== undefined);
      if (guards.length > 0) {
        route.preHandler = preHandlers.filter((handler) => guardRule(handler) === undefined);
        route.onRequest = [...list(route.onRequest), ...guards];
      }
      routes.push(route);
    });
    const table = (): AccessEntry[] =>
      routes.flatMap((route) =>
        list(route.method as string | string[]).map((method) => ({
          method,
          url: route.url,
          schema: route.schema,
          access: routeAccess(route),
        })),
      );
    app.decorate('accessTable', table);
    app.addHook('onReady', async () => {
      const undeclared = table().filter((entry) => entry.access === null);
      if (undeclared.length > 0) {
        const names = undeclared.map((e) => `${e.method} ${e.url}`).join(', ');
        throw new Error(`Routes without an access declaration (a guard, or config.access 'public'): ${names}`);
      }
    });
  },
  { name: 'access' },
);

/** Registers the test factories in a scope of their own, declared `test` (they exist only in test servers). */
export function testOnly(routes: (app: FastifyInstance) => Promise<void>) {
  return named(async function testRoutesScope(scope: FastifyInstance): Promise<void> {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), access: 'test' };
    });
    await routes(scope);
  });
}
