import type { FastifyInstance } from 'fastify';
import { loginSchema } from '../../domain/schemas/auth.schema.ts';
import { requireUser } from '../plugins/auth.plugin.ts';
import type { AppContext } from '../context.ts';
import { profileOf } from '../services/auth.service.ts';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = ctx.auth;

  app.post('/api/v1/login', async (req) => auth.login(loginSchema.parse(req.body ?? {}), req.ip));

  app.get('/api/v1/edit-user', async (req) => {
    const user = requireUser(req);
    const row = await ctx.users.findById(user.id);
    return profileOf(row!);
  });

  app.post('/api/v1/logout', async (req, reply) => {
    requireUser(req);
    await ctx.users.deleteSession(req.authToken!);
    return reply.status(204).send();
  });
}
