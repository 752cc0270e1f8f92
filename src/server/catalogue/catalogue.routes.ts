// The service catalogue, public (the portal reads it before sign-in): GET /api/v1/service-catalog
// answers header_data and footer_data in the seed's shape (seed 000 §5 "Catalogue"), texts in the
// caller's language; GET /api/v1/service-catalog/products/{id} answers one product.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/database.ts';
import { catalogue, catalogueProduct } from './catalogue.service.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface CatalogueRoutesDeps {
  db: Db;
}

export async function catalogueRoutes(app: FastifyInstance, ctx: CatalogueRoutesDeps) {
  app.get('/api/v1/service-catalog', async (req) => catalogue(ctx.db, req.lang));
  app.get('/api/v1/service-catalog/products/:id', async (req) => catalogueProduct(ctx.db, (req.params as { id: string }).id, req.lang));
}
