// The SQL console (dmsManage) and the seed's `dbinstances` family: `GET /api/v1/dbinstances` (the
// engine's list of the kind, the same paging and filters as /api/dbinstances),
// `POST /api/v1/dbinstances/:id/sql` and `GET /api/v1/dbinstances/:id/sql/history`.
// Thin: scope from the headers, then the service (dbconsole.service.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dbInstanceKind } from '../../domain/kinds/db-instance/db-instance.kind.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { runSql, sqlHistory, type DbConsoleDeps } from './dbconsole.service.ts';

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
}
