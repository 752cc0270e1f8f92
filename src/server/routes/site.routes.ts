// Public site configuration the shell needs before sign-in (help widget contact details).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v1/site-config', async () => ({
    support_phone: ctx.config.supportPhone,
    support_email: ctx.config.supportEmail,
  }));
}
