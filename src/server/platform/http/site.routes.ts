// Public site configuration the shell needs before sign-in (help widget contact details).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface SiteRoutesDeps {
  config: Config;
}

export async function siteRoutes(app: FastifyInstance, ctx: SiteRoutesDeps) {
  app.get('/api/v1/site-config', async () => ({
    support_phone: ctx.config.supportPhone,
    support_email: ctx.config.supportEmail,
  }));
}
