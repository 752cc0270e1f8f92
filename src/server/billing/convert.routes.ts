// Charging conversion, early termination and renewal (convertPurchase, seed 001 §4): the routes
// parse, check the caller's roles and hand over to convert.service.ts (through the engine).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../domain/roles.ts';
import { convertSchema, renewSchema, terminateSchema } from '../../domain/billing/orders.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { MeterService } from './meter.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { type ConvertDeps, convert, convertPrice, convertible, renew, renewPrice, terminate } from './convert.service.ts';

/**
 * What the access guard checks (ADR 0021), as the handler does: reading needs `read:order`; converting
 * and terminating `create:order` (every role holding it also holds `read:order` and `update:resource`,
 * which the handler checks too).
 */
const READ = { config: { permission: 'read:order' } } as const;
const WRITE = { config: { permission: 'create:order' } } as const;

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ConvertRoutesDeps {
  db: Db;
  meter: MeterService;
  tenancy: TenancyRepository;
}

export async function convertRoutes(app: FastifyInstance, ctx: ConvertRoutesDeps) {
  const deps: ConvertDeps = { db: ctx.db, engine: app.engine, meter: ctx.meter };

  async function scopeOf(req: FastifyRequest, write: boolean) {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'order') && (!write || (can(scope.roles, 'create', 'order') && can(scope.roles, 'update', 'resource'))));
    return scope;
  }

  app.get('/api/v1/cloud/orders/convertible', READ, async (req) => convertible(deps, await scopeOf(req, false)));

  app.get('/api/v1/cloud/orders/convert/price', READ, async (req) => {
    const scope = await scopeOf(req, false);
    return convertPrice(deps, scope, convertSchema.parse(req.query ?? {}));
  });

  app.post('/api/v1/cloud/orders/convert', WRITE, async (req) => {
    const scope = await scopeOf(req, true);
    return convert(deps, scope, convertSchema.parse(req.body ?? {}));
  });

  app.post('/api/v1/cloud/orders/terminate', WRITE, async (req) => {
    const scope = await scopeOf(req, true);
    return terminate(deps, scope, terminateSchema.parse(req.body ?? {}));
  });

  app.get('/api/v1/cloud/orders/renew/price', READ, async (req) => {
    const scope = await scopeOf(req, false);
    return renewPrice(deps, scope, renewSchema.parse(req.query ?? {}));
  });

  app.post('/api/v1/cloud/orders/renew', WRITE, async (req) => {
    const scope = await scopeOf(req, true);
    return renew(deps, scope, renewSchema.parse(req.body ?? {}));
  });
}
