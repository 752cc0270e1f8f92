// Resource events (status changes) for the SSE endpoint. On PGlite one process holds the database,
// so an in-process emitter is the whole story; on PostgreSQL events go through NOTIFY and every
// process LISTENs on a dedicated client, so a change made by one process reaches the SSE streams
// of all of them.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import type { DbHandle } from '../db/database.ts';

export interface ResourceEvent {
  type: 'resource.status' | 'resource.removed' | 'export.finished';
  tenant_id: string;
  project_id: string | null;
  id: string;
  kind?: string;
  status?: string;
  locked?: boolean;
  at: string;
}

export interface EventBus {
  publish(events: ResourceEvent[]): Promise<void>;
  subscribe(fn: (e: ResourceEvent) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'yunshu_events';

export function eventBus(handle: DbHandle, log: { warn: (obj: object, msg: string) => void }): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let closed = false;

  const emitLocal = (e: ResourceEvent) => emitter.emit('event', e);

  async function connect() {
    if (!handle.url || closed) return;
    const client = new pg.Client({ connectionString: handle.url });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try { emitLocal(JSON.parse(msg.payload) as ResourceEvent); } catch { /* not ours */ }
    });
    client.on('error', (err) => {
      if (closed) return;
      log.warn({ err }, 'event listener lost its connection; reconnecting');
      listener = null;
      if (!closed) setTimeout(() => { connect().catch(() => undefined); }, 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  }

  return {
    async publish(events) {
      if (!events.length) return;
      if (handle.kind === 'postgres') {
        // One NOTIFY per event (payload limit 8000 bytes; events are small).
        for (const e of events) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(e)})`.execute(handle.db);
      } else {
        for (const e of events) emitLocal(e);
      }
    },
    subscribe(fn) {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    async start() { await connect(); },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      if (listener) await listener.end().catch(() => undefined);
      listener = null;
    },
  };
}
