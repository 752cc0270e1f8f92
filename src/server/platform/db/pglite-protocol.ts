// How the embedded database's thread talks to PGlite (ADR 0039). Two changes to the path PGlite's own
// `query` takes, each measured on the list page of the bench (21 rows of 14 columns):
//
// 1. **node-postgres's protocol parser.** PGlite parses every answer with its own copy of
//    `pg-protocol` whose private fields are compiled to WeakMap look-ups and which copies every
//    field into a new ArrayBuffer before decoding it: ~40% of the thread's time. Its `Parser` class
//    is exported, so its `parse` is replaced by the original `pg-protocol` parser (the one `pg` uses
//    on PostgreSQL), and the three kinds of message PGlite recognises by class (errors, notices,
//    notifications) are handed over as PGlite's own classes. 1.04 → 0.67 ms per page.
// 2. **One call per statement, prepared once.** `query` makes six calls into PostgreSQL per
//    statement (parse, describe, bind, describe, execute, sync) and parses and plans it every time.
//    Here a statement text is prepared under a name on first use (which also tells its parameters'
//    types, so they are serialised as `query` serialises them), and each run is one call: bind,
//    describe, execute, sync. Plans stay per run (`plan_cache_mode=force_custom_plan`), as
//    node-postgres's unnamed statements plan on PostgreSQL. 0.67 → 0.40 ms per page.
//
// `tests/unit/pglite-protocol.test.ts` compares every column type, error and notification with
// PGlite's own `query`, so a PGlite upgrade that changes its messages fails there.
import { Buffer } from 'node:buffer';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { Parser as PgParser } from 'pg-protocol/dist/parser.js';
import { serialize } from 'pg-protocol';

type PgMessage = { name: string; length: number; [field: string]: unknown };
type Deliver = (message: unknown) => void;

const original = protocol.Parser.prototype.parse;
const fastParsers = new WeakMap<object, PgParser>();

/** Makes every PGlite of this thread parse its answers with `pg-protocol`; answers the undo. */
export function installFastParser(): () => void {
  const M = protocol.messages;
  protocol.Parser.prototype.parse = function parse(this: object, bytes: ArrayBuffer | Uint8Array, deliver: Deliver) {
    let parser = fastParsers.get(this);
    if (!parser) fastParsers.set(this, (parser = new PgParser()));
    // A copy: the bytes are a view of PostgreSQL's memory, which the next write reuses, and a message
    // may continue in the next write.
    const view = ArrayBuffer.isView(bytes) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.from(bytes);
    parser.parse(Buffer.from(view), (raw) => {
      const m = raw as unknown as PgMessage;
      if (m.name === 'error') deliver(Object.assign(new M.DatabaseError(String(m.message), m.length, 'error'), m));
      else if (m.name === 'notice') deliver(Object.assign(new M.NoticeMessage(m.length, String(m.message)), m));
      else if (m.name === 'notification') deliver(new M.NotificationResponseMessage(m.length, Number(m.processId), String(m.channel), String(m.payload)));
      else deliver(m);
    });
  } as typeof original;
  return () => {
    protocol.Parser.prototype.parse = original;
  };
}

/** The setting that keeps plans per run (see 2. above). */
export const PLAN_PER_RUN = 'set plan_cache_mode = force_custom_plan';

/** Statements that cannot change what another statement's parameters or columns are. */
const NOT_DDL =
  /^\s*(select|insert|update|delete|with|values|begin|commit|rollback|start|savepoint|release|listen|unlisten|notify|set|show|lock|vacuum|analyze)\b/i;

interface Prepared {
  name: string;
  types: number[];
}

export interface StatementResult {
  rows: Record<string, unknown>[];
  affected: number;
}

export class StatementRunner {
  readonly #db: PGlite;
  /** Prepared statements by text, least recently used first. */
  readonly #prepared = new Map<string, Prepared>();
  readonly #max: number;
  #serial = 0;

  constructor(db: PGlite, max = 200) {
    this.#db = db;
    this.#max = max;
  }

  async run(sql: string, params: readonly unknown[]): Promise<StatementResult> {
    const statement = await this.#prepare(sql);
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const write = this.#db.serializers[statement.types[i]!];
      return write ? write(v) : String(v);
    });
    const messages = await this.#call([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // A schema change may change a prepared statement's columns ("cached plan must not change result type").
    if (!NOT_DDL.test(sql)) await this.forget();
    return rowsOf(messages, this.#db.parsers);
  }

  /** Drops every prepared statement. */
  async forget(): Promise<void> {
    if (this.#prepared.size === 0) return;
    const closes = [...this.#prepared.values()].map((p) => serialize.close({ type: 'S', name: p.name }));
    this.#prepared.clear();
    await this.#call([...closes, serialize.sync()]);
  }

  async #prepare(sql: string): Promise<Prepared> {
    const known = this.#prepared.get(sql);
    if (known) {
      this.#prepared.delete(sql);
      this.#prepared.set(sql, known);
      return known;
    }
    const parts: Uint8Array[] = [];
    // Closes run before the parse, in any transaction state.
    while (this.#prepared.size >= this.#max) {
      const [oldest, p] = this.#prepared.entries().next().value as [string, Prepared];
      this.#prepared.delete(oldest);
      parts.push(serialize.close({ type: 'S', name: p.name }));
    }
    const name = `ys_${++this.#serial}`;
    parts.push(serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await this.#call(parts);
    const description = messages.find((m) => m.name === 'parameterDescription');
    const prepared = { name, types: (description?.dataTypeIDs as number[] | undefined) ?? [] };
    this.#prepared.set(sql, prepared);
    return prepared;
  }

  /** One call into PostgreSQL; an error of the call is thrown after its Sync has run. */
  async #call(parts: Uint8Array[]): Promise<PgMessage[]> {
    const { messages } = await this.#db.execProtocol(Buffer.concat(parts));
    return messages as unknown as PgMessage[];
  }
}

/** Rows as PGlite's `query` builds them, with the instance's parsers (arrays, int8, json, dates…). */
function rowsOf(messages: PgMessage[], parsers: PGlite['parsers']): StatementResult {
  let names: string[] = [];
  let types: number[] = [];
  let parse: (((value: string, type: number) => unknown) | undefined)[] = [];
  const rows: Record<string, unknown>[] = [];
  let affected = 0;
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      const fields = m.fields as { name: string; dataTypeID: number }[];
      names = fields.map((f) => f.name);
      types = fields.map((f) => f.dataTypeID);
      parse = types.map((t) => parsers[t]);
    } else if (m.name === 'dataRow') {
      const fields = m.fields as (string | null)[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const v = fields[i];
        const p = parse[i];
        row[names[i]!] = v === null || v === undefined ? null : p ? p(v, types[i]!) : v;
      }
      rows.push(row);
    } else if (m.name === 'commandComplete') {
      const [command, a, b] = String(m.text).split(' ');
      if (command === 'INSERT') affected += Number(b);
      else if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') affected += Number(a);
    }
  }
  return { rows, affected };
}
