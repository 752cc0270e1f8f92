import type { FastifyInstance } from 'fastify';
import { loginSchema } from '../../domain/schemas/auth.schema.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import type { authService } from './session.service.ts';
import { profileOf } from './session.service.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface AuthRoutesDeps {
  auth: ReturnType<typeof authService>;
  users: UsersRepository;
}

export async function authRoutes(app: FastifyInstance, ctx: AuthRoutesDeps) {
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
