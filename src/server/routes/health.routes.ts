import type { FastifyInstance } from 'fastify';
import { ping } from '../db/database.ts';
import type { AppContext } from '../context.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
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
