// The recycle bin (ecsRecycle): deleted hosts and disks, recover (related disks come back and
// billing resumes) or destroy for good. Also reachable as actions on the kind's collection.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { kindOf, RECYCLABLE_KINDS } from '../../domain/kinds/registry.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { t } from '../platform/lib/i18n.ts';
import type { Engine } from './engine.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

const typeSchema = z.object({ resource_type: z.enum(RECYCLABLE_KINDS as [string, ...string[]]).default('instance') }).loose();

/** What these routes use; the composition root (app.ts) hands it in. */
export interface RecycleRoutesDeps {
  tenancy: TenancyRepository;
}

export async function recycleRoutes(app: FastifyInstance, ctx: RecycleRoutesDeps, engine: Engine) {
  for (const prefix of ['/api/recyclebin', '/api/v1/recyclebin']) {
    app.get(prefix, async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      const { resource_type } = typeSchema.parse(req.query ?? {});
      return engine.resources.list(scope, kindOf(resource_type)!, req.query as Record<string, unknown>, true);
    });
    for (const action of ['recover', 'destroy'] as const) {
      // Destroying is for good: it needs a fresh step-up proof (ADR 0029); recovering does not.
      app.post(`${prefix}/:id/${action}`, { config: action === 'destroy' ? { stepUp: true } : {} }, async (req) => {
        const scope = await resolveScope(req, ctx.tenancy);
        const id = (req.params as { id: string }).id;
        const row = await engine.resources.findOr404(scope, null, id);
        const def = kindOf(row.kind);
        if (!def || !def.recycle) throw notFound();
        const result = await engine.resources.act(scope, def, id, { action });
        return { ...result, message: t(req.lang, 'kinds:messages.command_sent') };
      });
    }
  }
}
