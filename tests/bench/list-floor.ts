// The floor of the list bench: the least a server can do to answer the same request.
// node:http and node-postgres (or, with DATA_DIR and no DATABASE_URL, the embedded PGlite on that
// data directory) only: no framework, no sign-in or scope, no compression, no logging; the list's one
// statement (the SQL text Yunshu sends for the first cursor page of 20) with the bench's tenant and
// project, its rows as JSON. PGlite runs as Yunshu runs it (ADR 0039, 0050): on a thread of its own
// beside the HTTP thread (platform/db/pglite-thread.ts, opened by openDatabase with the same V8 and
// buffer settings), the statement sent straight to that thread, no query builder. Run as a child
// process by resource-list.section.ts with as many processes (node:cluster) and pool connections as
// Yunshu's server, then loaded with the same 50 clients: what any server that queries the database
// per request gets from this machine at that moment. Not part of the product.
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;
const port = Number(process.env.PORT);
const workers = Math.max(1, Number(process.env.WORKERS ?? 1));
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);

const LIST_SQL = `select "resources"."id", "resources"."kind", "resources"."tenant_id", "resources"."project_id", "resources"."vendor", "resources"."region_id", "resources"."az_id", "resources"."name", "resources"."status", "resources"."locked", "resources"."spec", "resources"."created_at", "resources"."updated_at", ("resources"."created_at")::text as "__sort_created_at" from "resources" where "resources"."tenant_id" = $1 and "resources"."project_id" = $2 order by "resources"."created_at" desc, "resources"."id" desc limit $3`;

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const pool: { query: <R>(text: string, params?: unknown[]) => Promise<{ rows: R[] }>; end: () => Promise<void> } = url
    ? (() => {
        const p = new pg.Pool({ connectionString: url, max: poolSize });
        return { query: <R>(text: string, params?: unknown[]) => p.query(text, params) as unknown as Promise<{ rows: R[] }>, end: () => p.end() };
      })()
    : await (async () => {
        // The same thread, protocol path and settings as the server's (an HTTP thread running PGlite
        // itself would be a different machine: ADR 0039 moved it off that thread).
        const { openDatabase } = await import('../../src/server/platform/db/database.ts');
        const handle = await openDatabase({ dataDir });
        const thread = handle.pglite!;
        return {
          query: <R>(text: string, params?: unknown[]) => thread.query(1, text, params ?? []) as unknown as Promise<{ rows: R[] }>,
          end: () => handle.close(),
        };
      })();
  const scope = (await pool.query<{ tenant_id: string; project_id: string }>(`select tenant_id, project_id from resources where name like 'bench-%' limit 1`))
    .rows[0]!;
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health') return void res.end('ok');
    pool.query<Record<string, unknown>>(LIST_SQL, [scope.tenant_id, scope.project_id, 21]).then(
      ({ rows }) => {
        const body = JSON.stringify({ data: rows.slice(0, 20), next_cursor: rows.length > 20 ? String(rows[19].__sort_created_at) : null });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(body);
      },
      (err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      },
    );
  });
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}
