// AccessKeys, MaaS accounts and their API keys (issue 15): /api/v1/auth/aksk… and /api/v1/maas/….
// Passkeys and step-up live in passkey.routes.ts.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import type { AppContext } from '../context.ts';

const idParam = (params: unknown) => {
  const { id } = params as { id: string };
  if (!isId(id)) throw notFound();
  return id;
};

export async function keysRoutes(app: FastifyInstance, ctx: AppContext) {
  const keys = ctx.accessKeys;
  const maas = ctx.maas;
  const scoped = async (req: Parameters<typeof resolveScope>[0], action = 'manage', entity = 'aksk') => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, entity));
    return scope;
  };

  // ── AccessKeys ──────────────────────────────────────────────────────────────────────────────
  app.get('/api/v1/auth/aksk', async (req) => keys.list(await scoped(req), req.query));
  app.get('/api/v1/auth/aksk/overview', async (req) => keys.overview(await scoped(req)));
  app.get('/api/v1/auth/aksk/general/rank', async (req) => keys.keyRanking(await scoped(req), req.query as { days?: string }));
  app.get('/api/v1/auth/aksk/statistic', async (req) => keys.actionRanking(await scoped(req), req.query as { days?: string }));
  app.get('/api/v1/auth/aksk/users', async (req) => keys.bindableUsers(await scoped(req, 'authorize')));
  app.post('/api/v1/auth/aksk', async (req, reply) => reply.status(201).send(await keys.create(await scoped(req), req.body)));
  app.get('/api/v1/auth/aksk/:id', async (req) => {
    const scope = await scoped(req);
    const { data } = await keys.get(scope, idParam(req.params));
    // what the screen may offer this caller (the server checks again on each call)
    const may = {
      lock: can(scope.roles, 'lock', 'aksk', 'any'),
      authorize: can(scope.roles, 'authorize', 'aksk'),
      manage: data.user_id === scope.user.id || can(scope.roles, 'audit', 'aksk'),
    };
    return { data, may };
  });
  app.put('/api/v1/auth/aksk/:id', async (req) => keys.update(await scoped(req), idParam(req.params), req.body));
  app.delete('/api/v1/auth/aksk/:id', async (req, reply) => {
    await keys.remove(await scoped(req), idParam(req.params));
    return reply.status(204).send();
  });
  app.post('/api/v1/auth/aksk/:id/lock', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'lock', 'aksk', 'any'));
    return keys.setLock(scope, idParam(req.params), true, req.body);
  });
  app.post('/api/v1/auth/aksk/:id/unlock', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'lock', 'aksk', 'any'));
    return keys.setLock(scope, idParam(req.params), false, req.body);
  });
  app.put('/api/v1/auth/aksk/:id/authorize', async (req) => keys.authorize(await scoped(req, 'authorize'), idParam(req.params), req.body));

  // ── MaaS accounts and API keys ──────────────────────────────────────────────────────────────
  app.get('/api/v1/maas/accounts', async (req) => maas.listAccounts(await scoped(req, 'read', 'maas_account'), req.query));
  app.post('/api/v1/maas/accounts', async (req, reply) =>
    reply.status(201).send(await maas.createAccount(await scoped(req, 'manage', 'maas_account'), req.body)),
  );
  app.get('/api/v1/maas/accounts/:id', async (req) => maas.account(await scoped(req, 'read', 'maas_account'), idParam(req.params)));
  app.delete('/api/v1/maas/accounts/:id', async (req, reply) => {
    await maas.removeAccount(await scoped(req, 'manage', 'maas_account'), idParam(req.params));
    return reply.status(204).send();
  });
  app.get('/api/v1/maas/api-keys', async (req) => maas.listApiKeys(await scoped(req, 'read', 'maas_account'), req.query));
  app.post('/api/v1/maas/api-keys', async (req, reply) =>
    reply.status(201).send(await maas.createApiKey(await scoped(req, 'manage', 'maas_account'), req.body)),
  );
  app.put('/api/v1/maas/api-keys/:id', async (req) => maas.setApiKeyEnabled(await scoped(req, 'manage', 'maas_account'), idParam(req.params), req.body));
  app.delete('/api/v1/maas/api-keys/:id', async (req, reply) => {
    await maas.removeApiKey(await scoped(req, 'manage', 'maas_account'), idParam(req.params));
    return reply.status(204).send();
  });
}
