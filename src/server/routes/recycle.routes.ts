// The recycle bin (ecsRecycle): deleted hosts and disks, recover (related disks come back and
// billing resumes) or destroy for good. Also reachable as actions on the kind's collection.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { kindOf, RECYCLABLE_KINDS } from '../../domain/kinds/registry.ts';
import { resolveScope } from '../plugins/scope.ts';
import { t } from '../lib/i18n.ts';
import type { Engine } from '../services/engine.ts';
import type { AppContext } from '../context.ts';

const typeSchema = z.object({ resource_type: z.enum(RECYCLABLE_KINDS as [string, ...string[]]).default('instance') }).loose();

export async function recycleRoutes(app: FastifyInstance, ctx: AppContext, engine: Engine) {
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
