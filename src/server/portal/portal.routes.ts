// The public portal's API. Public: GET /api/auto_product_details/:productId (seed 000 §7),
// GET /api/v1/portal/articles (kind, __limit, __offset) and /:id, GET /api/v1/customize_pages/:id
// (a published template or custom page). Administrators only (super/ops administrator):
// GET/POST /api/v1/customize_pages, PUT/DELETE /api/v1/customize_pages/:id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePermission, requireUser } from '../platform/auth/auth-user.ts';
import type { Db } from '../platform/db/database.ts';
import * as portal from './portal.service.ts';
import { TEMPLATE_FRAME_CSP, TEMPLATE_FRAME_HTML } from './template-frame.ts';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/** Template authors: the platform administrators. Anyone else signed in gets 403. */
function requireTemplateAdmin(req: FastifyRequest) {
  const user = requireUser(req);
  requirePermission(user.platformRoles.includes('super_admin') || user.platformRoles.includes('ops_admin'));
  return user;
}

/** What these routes use; the composition root (app.ts) hands it in. */
export interface PortalRoutesDeps {
  db: Db;
}

export async function portalRoutes(app: FastifyInstance, ctx: PortalRoutesDeps) {
  // Under /api so the service worker never answers it with the app shell.
  app.get('/api/v1/template-frame', async (_req, reply) =>
    reply.header('content-security-policy', TEMPLATE_FRAME_CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(TEMPLATE_FRAME_HTML),
  );
  app.get('/api/auto_product_details/:productId', async (req) => portal.productDetails(ctx.db, (req.params as { productId: string }).productId, req.lang));
  app.get('/api/v1/portal/products', async (req) => portal.listProducts(ctx.db, req.lang));
  app.get('/api/v1/portal/custom-pages', async () => portal.listPublishedPages(ctx.db));
  app.get('/api/v1/portal/articles', async (req) => portal.listArticles(ctx.db, req.query, req.lang));
  app.get('/api/v1/portal/articles/:id', async (req) => portal.getArticle(ctx.db, idOf(req), req.lang));

  app.get('/api/v1/customize_pages', async (req) => {
    requireTemplateAdmin(req);
    return portal.listTemplates(ctx.db, (req.query as { kind?: string }).kind);
  });
  // Visitors read published ones; administrators also their drafts.
  app.get('/api/v1/customize_pages/:id', async (req) => {
    const admin = req.user && (req.user.platformRoles.includes('super_admin') || req.user.platformRoles.includes('ops_admin'));
    return portal.getTemplate(ctx.db, idOf(req), !admin);
  });
  app.post('/api/v1/customize_pages', async (req, reply) => {
    const user = requireTemplateAdmin(req);
    return reply.status(201).send(await portal.createTemplate(ctx.db, user.id, req.body));
  });
  app.put('/api/v1/customize_pages/:id', async (req) => {
    requireTemplateAdmin(req);
    return portal.updateTemplate(ctx.db, idOf(req), req.body);
  });
  app.delete('/api/v1/customize_pages/:id', async (req) => {
    requireTemplateAdmin(req);
    return portal.deleteTemplate(ctx.db, idOf(req));
  });
}
