// DR templates and associations, host protection tasks (file copy, file comparison, whole-machine
// copy, file transfer), the protected instances and DR comparison tasks (ADR 0062). Thin: scope from
// the headers, then the service. Writes pass the platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { DataProtectRoutesDeps } from './dataprotect.routes.ts';
import { dataProtectRepository } from './dataprotect.repository.ts';
import type { DataProtectDeps } from './dataprotect.service.ts';
import { protectRepository } from './protect.repository.ts';
import {
  associate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listAssociations,
  listTemplates,
  removeAssociation,
  updateTemplate,
} from './templates.service.ts';
import { createHostTask, deleteHostTask, getHostTask, listHostTasks } from './host-tasks.service.ts';
import { createCompare, deleteCompare, getCompare, listCompares } from './compare.service.ts';
import { listProtectedInstances } from './protected-instances.service.ts';

const read = { config: { permission: 'read:resource' } } as const;
// their names in the operation log: oplog-actions.ts
const write = { config: { permission: 'update:resource' } } as const;
const TPL = '/api/v1/dr/templates';
const LINK = '/api/v1/dr/associations';
const CMP = '/api/v1/dr/comparisons';
const HOST = '/api/v1/host-tasks';

export async function protectRoutes(app: FastifyInstance, ctx: DataProtectRoutesDeps) {
  const now = () => new Date();
  const dr: DataProtectDeps = {
    repo: dataProtectRepository(ctx.db),
    resources: ctx.resources,
    console: ctx.dbConsole,
    delayMs: ctx.config.cloudSimDelayMs,
    now,
  };
  const repo = protectRepository(ctx.db);
  const tpl = { repo, dr, now };
  const host = { repo, resources: ctx.resources, secrets: ctx.dbConsole.secrets, delayMs: ctx.config.cloudSimDelayMs, now };
  const cmp = { repo, dr, console: ctx.dbConsole, now };
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(TPL, read, async (req) => listTemplates(tpl, await scope(req), req.query));
  app.get(`${TPL}/:id`, read, async (req) => getTemplate(tpl, await scope(req), id(req)));
  app.post(TPL, write, async (req, reply) => reply.status(201).send(await createTemplate(tpl, await scope(req), req.body)));
  app.put(`${TPL}/:id`, write, async (req) => updateTemplate(tpl, await scope(req), id(req), req.body));
  app.delete(`${TPL}/:id`, write, async (req) => deleteTemplate(tpl, await scope(req), id(req)));

  app.get(LINK, read, async (req) => listAssociations(tpl, await scope(req), req.query));
  app.post(LINK, write, async (req, reply) => reply.status(201).send(await associate(tpl, await scope(req), req.body)));
  app.delete(`${LINK}/:id`, write, async (req) => removeAssociation(tpl, await scope(req), id(req)));

  app.get(CMP, read, async (req) => listCompares(cmp, await scope(req), req.query));
  app.get(`${CMP}/:id`, read, async (req) => getCompare(cmp, await scope(req), id(req)));
  app.post(CMP, write, async (req, reply) => reply.status(201).send(await createCompare(cmp, await scope(req), req.body)));
  app.delete(`${CMP}/:id`, write, async (req) => deleteCompare(cmp, await scope(req), id(req)));

  app.get(HOST, read, async (req) => listHostTasks(host, await scope(req), req.query));
  app.get(`${HOST}/:id`, read, async (req) => getHostTask(host, await scope(req), id(req)));
  app.post(HOST, write, async (req, reply) => reply.status(201).send(await createHostTask(host, await scope(req), req.body)));
  app.delete(`${HOST}/:id`, write, async (req) => deleteHostTask(host, await scope(req), id(req)));

  app.get('/api/v1/data-protect/instances', read, async (req) => listProtectedInstances({ repo, dr }, await scope(req)));
}
