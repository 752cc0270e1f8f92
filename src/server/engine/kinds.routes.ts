// The resource engine's routes, derived from the kind definitions: for every kind at
// /api/{collection}: list, get, create, update, delete, one action, batch actions and metrics.
// It also registers the shared operations (recycle bin, tags, export, pricing, SMS, events).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KINDS } from '../../domain/kinds/registry.ts';
import { kindEntity, type KindDefinition } from '../../domain/kinds/kind.ts';
import { kindApiRoutes, type ApiRouteId } from '../../domain/kinds/kind-views.ts';
import { deleteQuerySchema, metricsQuerySchema, METRIC_RANGES } from '../../domain/schemas/resource.schema.ts';
import { scopeCan, resolveScope } from '../platform/auth/scope.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { t } from '../platform/lib/i18n.ts';
import { invalid } from './kind-hooks.ts';
import type { Engine } from './engine.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { RoutePermission } from '../platform/auth/permissions.ts';
import { recycleRoutes, type RecycleRoutesDeps } from './recycle.routes.ts';
import { tagsRoutes, type TagsRoutesDeps } from './tags.routes.ts';
import { exportRoutes, type ExportRoutesDeps } from './export.routes.ts';
import { pricingRoutes, type PricingRoutesDeps } from './pricing.routes.ts';
import { smsRoutes, type SmsRoutesDeps } from './sms.routes.ts';
import { adminManageRoutes, type AdminManageRoutesDeps } from './admin-manage.routes.ts';
import { isRuleRequest, type RequestType } from '../../domain/approvals/approval-status.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ResourceEngineRoutesDeps extends RecycleRoutesDeps, TagsRoutesDeps, ExportRoutesDeps, PricingRoutesDeps, SmsRoutesDeps, AdminManageRoutesDeps {
  tenancy: TenancyRepository;
}

export async function resourceEngineRoutes(app: FastifyInstance, ctx: ResourceEngineRoutesDeps) {
  // The engine is built by the composition root (composition.ts); this file only registers routes.
  const engine = app.engine;

  for (const def of KINDS) kindRoutes(app, ctx, engine, def);
  await recycleRoutes(app, ctx, engine);
  await tagsRoutes(app, ctx);
  await exportRoutes(app, ctx, engine);
  await pricingRoutes(app, ctx, engine);
  await smsRoutes(app, ctx, engine);
  await adminManageRoutes(app, ctx);
}

function kindRoutes(app: FastifyInstance, ctx: ResourceEngineRoutesDeps, engine: Engine, def: KindDefinition) {
  const handlers = kindHandlers(ctx, engine, def);
  // The routes are the registry's (kind-views.ts kindApiRoutes); this file only supplies handlers.
  for (const route of kindApiRoutes(def))
    app.route({
      method: route.method,
      url: route.url,
      config: { permission: route.permission as RoutePermission, ...(route.stepUp ? { stepUp: route.stepUp } : {}) },
      handler: handlers[route.id],
    });
}

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function kindHandlers(ctx: ResourceEngineRoutesDeps, engine: Engine, def: KindDefinition): Record<ApiRouteId, Handler> {
  const svc = engine.resources;
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const update: Handler = async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    return svc.update(scope, def, idOf(req), req.body);
  };
  return {
    list: async (req) => svc.list(await resolveScope(req, ctx.tenancy), def, req.query as Record<string, unknown>),
    get: async (req) => svc.get(await resolveScope(req, ctx.tenancy), def, idOf(req)),
    create: async (req, reply) => {
      const scope = await resolveScope(req, ctx.tenancy);
      const created = await svc.create(scope, def, req.body);
      // 202 when the purchase waits for its approval (审批中): the resource exists, nothing is provisioned yet.
      if (created.approval) {
        // A rule is issued (not created) once approved.
        const key = isRuleRequest(def.kind as RequestType) ? 'kinds:messages.rule_approval_submitted' : 'kinds:messages.approval_submitted';
        return reply.status(202).send({ ...created, approval_id: created.approval.id, message: t(req.lang, key) });
      }
      return reply.status(201).send({ ...created, message: t(req.lang, 'kinds:messages.command_sent') });
    },
    update,
    replace: update,
    delete: async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      const q = deleteQuerySchema.parse({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });
      requirePermission(scopeCan(scope, 'delete', kindEntity(def)));
      // The server decides whether a code is needed (what /sms/necessity answered), whatever the client
      // sends: a delete of a kind that asks for one is refused without it.
      const operateType = `delete_${def.kind}`;
      const smsDelete = def.actions.some((a) => a.id === 'delete' && a.sms);
      if (smsDelete && engine.sms.required(operateType)) {
        if (q.sms_operate_type !== undefined && q.sms_operate_type !== operateType) throw invalid('sms_operate_type', 'invalid_value');
        await engine.sms.verify(scope.user.id, operateType, q.sms_code);
      } else if (q.sms_necessity_flag === 1) {
        await engine.sms.verify(scope.user.id, q.sms_operate_type ?? operateType, q.sms_code);
      }
      const result = await svc.act(scope, def, idOf(req), { action: 'delete' }, { delayedDays: def.recycle ? q.delayed_days : undefined });
      return { ...result, message: t(req.lang, 'kinds:messages.command_sent') };
    },
    act: async (req, reply) => {
      const scope = await resolveScope(req, ctx.tenancy);
      const result = await svc.act(scope, def, idOf(req), req.body);
      if (result.approval)
        return reply.status(202).send({ ...result, approval_id: result.approval.id, message: t(req.lang, 'kinds:messages.expansion_submitted') });
      return { ...result, message: t(req.lang, 'kinds:messages.command_sent') };
    },
    batch: async (req) => svc.batch(await resolveScope(req, ctx.tenancy), def, req.body, (key) => t(req.lang, `errors:${key}`)),
    metrics: async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      const q = metricsQuerySchema.parse(req.query ?? {});
      requirePermission(scopeCan(scope, 'read', kindEntity(def)));
      const row = await svc.findOr404(scope, def, idOf(req));
      const seconds = METRIC_RANGES[q.range];
      const to = new Date();
      const from = new Date(to.getTime() - seconds * 1000);
      return { metric: q.metric, range: q.range, data: engine.provider.metrics(row.id, q.metric, from, to, Math.max(10, Math.round(seconds / 120))) };
    },
  };
}
