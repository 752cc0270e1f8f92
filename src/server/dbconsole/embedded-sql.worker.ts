// One managed PostgreSQL-dialect instance on a thread of its own (ADR 0054): PGlite runs a statement
// to its end on the thread that calls it and has no statement timeout, so the console runs it here
// and ends the thread when the time limit passes. One statement at a time, as the console sends.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export interface EmbeddedRequest {
  id: number;
  sql: string;
  readonly: boolean;
  maxRows: number;
  /** run as this role of the instance (an account, ADR 0055), with this schema first on the search path */
  role?: string;
  schema?: string;
}
export type EmbeddedAnswer =
  { id: number; ok: true; columns: string[]; rows: unknown[][]; affected: number } | { id: number; ok: false; code: string | undefined; message: string };

const port = parentPort!;
const dataDir = (workerData as { dataDir?: string }).dataDir;
const db = new PGlite(dataDir);

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function run(r: EmbeddedRequest): Promise<EmbeddedAnswer> {
  const inTransaction = r.readonly || Boolean(r.role);
  if (inTransaction) await db.exec(r.readonly ? 'begin read only' : 'begin');
  let ok = false;
  try {
    if (r.role) await db.exec(`set local role ${quoted(r.role)}`);
    if (r.schema) await db.exec(`set local search_path to ${quoted(r.schema)}`);
    // query(): the extended protocol takes one statement, so a COMMIT cannot end the read-only transaction early.
    const res = await db.query<unknown[]>(r.sql, [], { rowMode: 'array' });
    const rows = res.rows.slice(0, r.maxRows + 1);
    ok = true;
    return { id: r.id, ok: true, columns: res.fields.map((f) => f.name), rows, affected: res.affectedRows ?? 0 };
  } finally {
    if (inTransaction) await db.exec(ok && !r.readonly ? 'commit' : 'rollback');
  }
}

port.on('message', (r: EmbeddedRequest) => {
  run(r).then(
    (answer) => port.postMessage(answer),
    (e: unknown) => {
      const err = e as { code?: string; message?: string };
      port.postMessage({ id: r.id, ok: false, code: err.code, message: String(err.message ?? e) } satisfies EmbeddedAnswer);
    },
  );
});
await db.waitReady;
port.postMessage({ ready: true });
