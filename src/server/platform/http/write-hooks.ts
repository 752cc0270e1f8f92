// Hooks that only writes need (idempotency, the operation log, the site-host rule on names), given to the routes that take a
// write method instead of to every request (ADR 0050 addendum): a GET, most of the traffic, passes
// none of them. They go before the route's own hooks, after those an earlier call gave it, so they
// run where app-wide hooks of the same phase ran: before the route's own, in the order they were added. A request that matches no
// route (a 404) passes none of them either; nothing was written for it.
import type { FastifyInstance, RouteOptions } from 'fastify';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Phase = 'preValidation' | 'preHandler' | 'onSend' | 'onResponse' | 'onRequestAbort';
/** A hook or hooks per phase, as a route's options take them. */
export type WriteHooks = { [P in Phase]?: RouteOptions[P] };

/** Whether a route takes a write method (a route may take several). */
export const isWriteRoute = (route: Pick<RouteOptions, 'method'>) => [route.method].flat().some((m) => WRITE_METHODS.has(String(m).toUpperCase()));

/** Per route and phase, how many of its hooks came from addWriteHooks (they stay first, in order). */
const given = new WeakMap<object, Partial<Record<Phase, number>>>();

/** Gives `hooks` to every route registered after this call that takes a write method. */
export function addWriteHooks(app: FastifyInstance, hooks: WriteHooks): void {
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    const r = route as unknown as Record<Phase, unknown>;
    const counts = given.get(route) ?? {};
    for (const phase of Object.keys(hooks) as Phase[]) {
      const current = r[phase] === undefined ? [] : [r[phase]].flat();
      const ours = [hooks[phase]].flat();
      const before = counts[phase] ?? 0;
      r[phase] = [...current.slice(0, before), ...ours, ...current.slice(before)];
      counts[phase] = before + ours.length;
    }
    given.set(route, counts);
  });
}
