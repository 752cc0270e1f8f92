// How a slice joins the app (ADR 0048): its routes are a named Fastify plugin that declares what it
// needs, registered by the one composition root (app.ts) with the slice's own dependencies as
// options. fastify-plugin keeps the routes on the root context (the platform's hooks apply to them
// as before) while Fastify checks at start that the platform plugins they rely on are there and
// that the request decorations they read exist.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The platform's pipeline, in order; every slice runs behind all of it. */
export const PLATFORM_PLUGINS = ['yunshu-errors', 'yunshu-input-guard', 'yunshu-auth', 'yunshu-access-guard', 'yunshu-idempotency', 'yunshu-oplog'] as const;

/** A platform plugin: what it decorates the request with, declared where it is registered. */
export function platformPlugin<O extends object>(
  name: (typeof PLATFORM_PLUGINS)[number],
  register: (app: FastifyInstance, opts: O) => unknown,
  needs: readonly string[] = [],
) {
  return fp<O>(
    async (app, opts) => {
      await register(app, opts);
    },
    { name, fastify: '5.x', dependencies: [...needs] },
  );
}

/**
 * A slice's routes as a plugin. `deps` is the slice's own dependency type (what its routes file
 * declares), so the root cannot hand a slice less than it uses; the slice reads the request's
 * `user` and `lang` (auth and errors plugins) and sits behind the whole pipeline.
 */
export function slicePlugin<D extends object>(
  name: string,
  routes: (app: FastifyInstance, deps: D) => Promise<void>,
  needs: readonly string[] = PLATFORM_PLUGINS,
) {
  return fp<D>(
    async (app, deps) => {
      await routes(app, deps);
    },
    { name: `yunshu-${name}`, fastify: '5.x', dependencies: [...needs], decorators: { request: ['user', 'lang'] } },
  );
}
