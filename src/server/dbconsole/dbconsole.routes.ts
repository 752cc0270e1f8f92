// The SQL console (dmsManage) and the seed's `dbinstances` family: `GET /api/v1/dbinstances` (the
// engine's list of the kind, the same paging and filters as /api/dbinstances),
// `POST /api/v1/dbinstances/:id/sql` and `GET /api/v1/dbinstances/:id/sql/history`; the instance's
// accounts and databases under `/api/v1/dbinstances/:id/accounts` and `…/databases` (ADR 0055); the
// document and cache databases' accounts in the same shape under `/api/v1/docinstances/:id/accounts`
// and `/api/v1/cacheinstances/:id/accounts` (ADR 0076).
// Thin: scope from the headers, then the service (dbconsole.service.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dbInstanceKind } from '../../domain/kinds/db-instance/db-instance.kind.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { runSql, sqlHistory, type DbConsoleDeps } from './dbconsole.service.ts';
import {
  changePrivilege,
  createAccount,
  createDatabase,
  deleteAccount,
  deleteDatabase,
  listAccounts,
  listDatabases,
  resetPassword,
  type AccountKind,
} from './dbaccounts.service.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface DbConsoleRoutesDeps {
  dbConsole: DbConsoleDeps;
  tenancy: TenancyRepository;
}

export async function dbConsoleRoutes(app: FastifyInstance, ctx: DbConsoleRoutesDeps) {
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const read = { permission: 'read:resource' } as const;

  app.get('/api/v1/dbinstances', { config: read }, async (req) =>
    app.engine.resources.list(await resolveScope(req, ctx.tenancy), dbInstanceKind, req.query as Record<string, unknown>),
  );

  // Reading needs read:resource; a statement that may write needs update:resource too (the service checks).
  // Not in the operation log (oplog-actions.ts): the console keeps every statement, with who ran it, in its own history.
  app.post('/api/v1/dbinstances/:id/sql', { config: read }, async (req) => runSql(ctx.dbConsole, await resolveScope(req, ctx.tenancy), idOf(req), req.body));

  app.get('/api/v1/dbinstances/:id/sql/history', { config: read }, async (req) =>
    sqlHistory(ctx.dbConsole, await resolveScope(req, ctx.tenancy), idOf(req), req.query),
  );

  // Accounts and databases (ADR 0055): writes pass the platform's write hooks (idempotency, operation log: oplog-actions.ts).
  const scoped = async (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const nameOf = (req: FastifyRequest) => (req.params as { name: string }).name;
  const base = '/api/v1/dbinstances/:id';
  app.get(`${base}/accounts`, { config: read }, async (req) => listAccounts(ctx.dbConsole, await scoped(req), idOf(req)));
  app.post(`${base}/accounts`, { config: read }, async (req, reply) =>
    reply.code(201).send(await createAccount(ctx.dbConsole, await scoped(req), idOf(req), req.body)),
  );
  app.put(`${base}/accounts/:name/privilege`, { config: read }, async (req) =>
    changePrivilege(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req), req.body),
  );
  app.put(`${base}/accounts/:name/password`, { config: read }, async (req) =>
    resetPassword(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req), req.body),
  );
  app.delete(`${base}/accounts/:name`, { config: read }, async (req) => deleteAccount(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req)));
  app.get(`${base}/databases`, { config: read }, async (req) => listDatabases(ctx.dbConsole, await scoped(req), idOf(req)));
  app.post(`${base}/databases`, { config: read }, async (req, reply) =>
    reply.code(201).send(await createDatabase(ctx.dbConsole, await scoped(req), idOf(req), req.body)),
  );
  app.delete(`${base}/databases/:name`, { config: read }, async (req) => deleteDatabase(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req)));

  // The document and cache databases' accounts (ADR 0076): the same calls, kept by the cloud's account API.
  for (const [collection, kind] of [
    ['docinstances', 'doc_instance'],
    ['cacheinstances', 'cache_instance'],
  ] as const satisfies readonly (readonly [string, AccountKind])[])
    cloudAccountRoutes(app, ctx, `/api/v1/${collection}/:id/accounts`, kind);
}

function cloudAccountRoutes(app: FastifyInstance, ctx: DbConsoleRoutesDeps, url: string, kind: AccountKind) {
  const scoped = async (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const nameOf = (req: FastifyRequest) => (req.params as { name: string }).name;
  // Reading needs read:resource; the service asks update:resource of a write. In the operation log as the managed databases' account writes (oplog-actions.ts).
  const read = { config: { permission: 'read:resource' } } as const;
  app.get(url, read, async (req) => listAccounts(ctx.dbConsole, await scoped(req), idOf(req), kind));
  app.post(url, read, async (req, reply) => reply.code(201).send(await createAccount(ctx.dbConsole, await scoped(req), idOf(req), req.body, kind)));
  app.put(`${url}/:name/privilege`, read, async (req) => changePrivilege(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req), req.body, kind));
  app.put(`${url}/:name/password`, read, async (req) => resetPassword(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req), req.body, kind));
  app.delete(`${url}/:name`, read, async (req) => deleteAccount(ctx.dbConsole, await scoped(req), idOf(req), nameOf(req), kind));
}
