import type { FastifyInstance } from 'fastify';
import { ping } from '../db/database.ts';
import type { Db, DbHandle } from '../db/database.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface HealthRoutesDeps {
  db: Db;
  handle: DbHandle;
}

export async function healthRoutes(app: FastifyInstance, ctx: HealthRoutesDeps) {
  app.get('/api/health', async (_req, reply) => {
    try {
      await ping(ctx.db);
      return { status: 'ok', db: { kind: ctx.handle.kind, status: 'ok' } };
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', db: { kind: ctx.handle.kind, status: 'down' } });
    }
  });
}
