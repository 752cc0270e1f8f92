// AccessKeys, MaaS accounts and their API keys (issue 15): /api/v1/auth/aksk… and /api/v1/maas/….
// Passkeys and step-up live in passkey.routes.ts.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { AccessKeyService } from './access-key.service.ts';
import type { MaasService } from './maas.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

// What the access guard checks (ADR 0021): the same permission each handler checks below.
const MANAGE_AKSK = { config: { permission: 'manage:aksk' } } as const;
// reading keys: their holders (manage implies read) and the operations administrator, who locks them (seed 001 §6)
const READ_AKSK = { config: { permission: 'read:aksk' } } as const;
const AUTHORIZE_AKSK = { config: { permission: 'authorize:aksk' } } as const;
// only operations and super administrators lock (seed 001 §6); a tenant's `lock:aksk:own` is not enough
const LOCK_AKSK = { config: { permission: 'lock:aksk:any' } } as const;
const READ_MAAS = { config: { permission: 'read:maas_account' } } as const;
const MANAGE_MAAS = { config: { permission: 'manage:maas_account' } } as const;
// Deleting a key or account breaks the programs that use it, for good: a fresh step-up first (ADR 0029).
const DELETE_AKSK = { config: { ...MANAGE_AKSK.config, stepUp: true } } as const;
const DELETE_MAAS = { config: { ...MANAGE_MAAS.config, stepUp: true } } as const;

const idParam = (params: unknown) => {
  const { id } = params as { id: string };
  if (!isId(id)) throw notFound();
  return id;
};

/** What these routes use; the composition root (app.ts) hands it in. */
export interface KeysRoutesDeps {
  accessKeys: AccessKeyService;
  maas: MaasService;
  tenancy: TenancyRepository;
}

export async function keysRoutes(app: FastifyInstance, ctx: KeysRoutesDeps) {
  const keys = ctx.accessKeys;
  const maas = ctx.maas;
  const scoped = async (req: Parameters<typeof resolveScope>[0], action = 'manage', entity = 'aksk') => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, entity));
    return scope;
  };

  // ── AccessKeys ──────────────────────────────────────────────────────────────────────────────
  app.get('/api/v1/auth/aksk', READ_AKSK, async (req) => keys.list(await scoped(req, 'read'), req.query));
  app.get('/api/v1/auth/aksk/overview', READ_AKSK, async (req) => keys.overview(await scoped(req, 'read')));
  app.get('/api/v1/auth/aksk/general/rank', READ_AKSK, async (req) => keys.keyRanking(await scoped(req, 'read'), req.query as { days?: string }));
  app.get('/api/v1/auth/aksk/statistic', READ_AKSK, async (req) => keys.actionRanking(await scoped(req, 'read'), req.query as { days?: string }));
  app.get('/api/v1/auth/aksk/users', AUTHORIZE_AKSK, async (req) => keys.bindableUsers(await scoped(req, 'authorize')));
  app.post('/api/v1/auth/aksk', MANAGE_AKSK, async (req, reply) => reply.status(201).send(await keys.create(await scoped(req), req.body)));
  app.get('/api/v1/auth/aksk/:id', READ_AKSK, async (req) => {
    const scope = await scoped(req, 'read');
    const { data } = await keys.get(scope, idParam(req.params));
    // what the screen may offer this caller (the server checks again on each call)
    const may = {
      lock: can(scope.roles, 'lock', 'aksk', 'any'),
      authorize: can(scope.roles, 'authorize', 'aksk'),
      manage: data.user_id === scope.user.id || can(scope.roles, 'audit', 'aksk'),
    };
    return { data, may };
  });
  app.put('/api/v1/auth/aksk/:id', MANAGE_AKSK, async (req) => keys.update(await scoped(req), idParam(req.params), req.body));
  app.delete('/api/v1/auth/aksk/:id', DELETE_AKSK, async (req, reply) => {
    await keys.remove(await scoped(req), idParam(req.params));
    return reply.status(204).send();
  });
  app.post('/api/v1/auth/aksk/:id/lock', LOCK_AKSK, async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'lock', 'aksk', 'any'));
    return keys.setLock(scope, idParam(req.params), true, req.body);
  });
  app.post('/api/v1/auth/aksk/:id/unlock', LOCK_AKSK, async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'lock', 'aksk', 'any'));
    return keys.setLock(scope, idParam(req.params), false, req.body);
  });
  app.put('/api/v1/auth/aksk/:id/authorize', AUTHORIZE_AKSK, async (req) => keys.authorize(await scoped(req, 'authorize'), idParam(req.params), req.body));

  // ── MaaS accounts and API keys ──────────────────────────────────────────────────────────────
  app.get('/api/v1/maas/accounts', READ_MAAS, async (req) => maas.listAccounts(await scoped(req, 'read', 'maas_account'), req.query));
  app.post('/api/v1/maas/accounts', MANAGE_MAAS, async (req, reply) =>
    reply.status(201).send(await maas.createAccount(await scoped(req, 'manage', 'maas_account'), req.body)),
  );
  app.get('/api/v1/maas/accounts/:id', READ_MAAS, async (req) => maas.account(await scoped(req, 'read', 'maas_account'), idParam(req.params)));
  app.delete('/api/v1/maas/accounts/:id', DELETE_MAAS, async (req, reply) => {
    await maas.removeAccount(await scoped(req, 'manage', 'maas_account'), idParam(req.params));
    return reply.status(204).send();
  });
  app.get('/api/v1/maas/api-keys', READ_MAAS, async (req) => maas.listApiKeys(await scoped(req, 'read', 'maas_account'), req.query));
  app.post('/api/v1/maas/api-keys', MANAGE_MAAS, async (req, reply) =>
    reply.status(201).send(await maas.createApiKey(await scoped(req, 'manage', 'maas_account'), req.body)),
  );
  app.put('/api/v1/maas/api-keys/:id', MANAGE_MAAS, async (req) =>
    maas.setApiKeyEnabled(await scoped(req, 'manage', 'maas_account'), idParam(req.params), req.body),
  );
  app.delete('/api/v1/maas/api-keys/:id', DELETE_MAAS, async (req, reply) => {
    await maas.removeApiKey(await scoped(req, 'manage', 'maas_account'), idParam(req.params));
    return reply.status(204).send();
  });
}
