// The service desk's API (seed 000 api catalogue "workorders (types, questions, templates, upload)";
// feedback under /api/v1/opinions). Tenant users call with their scope headers; the operations side
// (platform roles) sees every tenant's work orders and feedback without them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { TENANT_ROLES } from '../../domain/roles.ts';
import { UPLOAD_LIMITS, WORKORDERS_URL, WORKORDER_UPLOAD_URL, OPINIONS_URL, type WorkorderAction } from '../../domain/desk.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { readMultipart, registerMultipart } from '../platform/http/multipart.plugin.ts';
import { t } from '../platform/lib/i18n.ts';
import type { DeskService } from './desk.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { DeskCaller, UploadedFile } from './desk.service.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface DeskRoutesDeps {
  desk: DeskService;
  tenancy: TenancyRepository;
}

export async function deskRoutes(app: FastifyInstance, ctx: DeskRoutesDeps) {
  const svc = ctx.desk;

  /** The operations side reads across tenants; everyone else within the scope of the headers. */
  async function caller(req: FastifyRequest): Promise<DeskCaller> {
    const user = requireUser(req);
    if (user.platformRoles.length > 0) return { userId: user.id, ops: true, tenantId: null, projectId: null, onlyProject: null };
    const scope = await resolveScope(req, ctx.tenancy);
    const tenantWide = scope.roles.some((r) => TENANT_ROLES.includes(r));
    return { userId: user.id, ops: false, tenantId: scope.tenantId, projectId: scope.projectId, onlyProject: tenantWide ? null : scope.projectId };
  }
  /** Creating needs a tenant: the operations side does not file work orders or feedback. */
  async function tenantCaller(req: FastifyRequest): Promise<DeskCaller & { tenantId: string }> {
    const c = await caller(req);
    if (c.ops || !c.tenantId) throw new AppError(403, 'desk_ops_cannot_file');
    return c as DeskCaller & { tenantId: string };
  }
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const typeOf = (req: FastifyRequest) => (req.query as Record<string, unknown>).workorder_type_id;

  app.get(`${WORKORDERS_URL}/types`, async (req) => {
    requireUser(req);
    return svc.types(req.lang);
  });
  app.get(`${WORKORDERS_URL}/questions`, async (req) => {
    requireUser(req);
    return svc.questions(req.lang, typeOf(req));
  });
  app.get(`${WORKORDERS_URL}/templates`, async (req) => {
    requireUser(req);
    return svc.templates(req.lang, typeOf(req));
  });

  // Multipart only here: one file at most 10 MB (a larger one is cut off and refused), checked by content in the service.
  await app.register(async (scoped) => {
    await registerMultipart(scoped, {
      fileBytes: UPLOAD_LIMITS.fileBytes,
      fileLabel: '10 MB',
      files: UPLOAD_LIMITS.maxFiles + 1,
      filesShown: UPLOAD_LIMITS.maxFiles,
      fields: 4,
      totalBytes: UPLOAD_LIMITS.totalBytes,
      totalLabel: '20 MB',
    });
    scoped.post(WORKORDER_UPLOAD_URL, async (req, reply) => {
      const who = await tenantCaller(req);
      const files: UploadedFile[] = (await readMultipart(req)).files.map((f) => ({ filename: f.filename, bytes: f.bytes }));
      return reply.status(201).send(await svc.upload(who, files));
    });
  });

  app.get(`${WORKORDERS_URL}/attachments/:id`, async (req, reply) => {
    const row = await svc.attachment(await caller(req), idOf(req));
    return reply
      .type(row.mime)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(row.data);
  });

  app.get(WORKORDERS_URL, async (req) => svc.listWorkorders(await caller(req), req.query, req.lang));
  app.post(WORKORDERS_URL, async (req, reply) => {
    const wo = await svc.createWorkorder(await tenantCaller(req), req.body, req.lang);
    return reply.status(201).send({ ...wo, message: t(req.lang, 'desk:notices.workorder_created') });
  });
  app.get(`${WORKORDERS_URL}/:id`, async (req) => svc.getWorkorder(await caller(req), idOf(req), req.lang));
  app.post(`${WORKORDERS_URL}/:id/replies`, async (req, reply) => reply.status(201).send(await svc.reply(await caller(req), idOf(req), req.body, req.lang)));
  for (const action of ['accept', 'propose', 'confirm', 'reject_solution'] as const satisfies readonly WorkorderAction[]) {
    app.post(`${WORKORDERS_URL}/:id/${action}`, async (req) => svc.transition(await caller(req), idOf(req), action, req.lang));
  }
  app.post(`${WORKORDERS_URL}/:id/rating`, async (req) => svc.rate(await caller(req), idOf(req), req.body, req.lang));

  app.get(OPINIONS_URL, async (req) => svc.listFeedback(await caller(req), req.query));
  app.post(OPINIONS_URL, async (req, reply) => {
    const fb = await svc.createFeedback(await tenantCaller(req), req.body);
    return reply.status(201).send({ ...fb, message: t(req.lang, 'desk:notices.feedback_created') });
  });
  app.get(`${OPINIONS_URL}/:id`, async (req) => svc.getFeedback(await caller(req), idOf(req)));
  app.post(`${OPINIONS_URL}/:id/reply`, async (req) => svc.replyFeedback(await caller(req), idOf(req), req.body));
  app.post(`${OPINIONS_URL}/:id/close`, async (req) => svc.closeFeedback(await caller(req), idOf(req)));
}
