// The one event bus of an app (ctx.events): every DomainEvent (src/domain/events.ts) the server
// sends, from the resource engine, exports, backup plans and approvals alike. On PGlite one
// process holds the database, so an in-process emitter is the whole story; on PostgreSQL events go
// through NOTIFY and every process LISTENs on a dedicated client, so a change made by one process
// reaches the SSE streams of all of them. Each event is validated against the union before it is
// published (an undeclared type or a missing field throws at the publisher) and again when it
// arrives from NOTIFY. Who may hear an event is decided on delivery (event-audience.ts).
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import { parseDomainEvent, type DomainEvent, type ResourceRemovedEvent, type ResourceStatusEvent } from '../../../domain/events.ts';
import type { DbHandle } from '../db/database.ts';
import { chunks } from '../lib/chunks.ts';

/** What the resource engine publishes about one resource. */
export type ResourceEvent = ResourceStatusEvent | ResourceRemovedEvent;

export interface EventBus {
  /** Validates and publishes; rejects (publishing none) when one of them is not a declared event. */
  publish(events: DomainEvent[]): Promise<void>;
  /**
   * For publishers that do not wait: publishes what `make` answers after everything queued before
   * (so events keep the order they happened in); a failure is logged, never thrown.
   */
  queue(make: () => Promise<DomainEvent[]>): void;
  subscribe(fn: (e: DomainEvent) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'yunshu_events';

export function eventBus(handle: DbHandle, log: { warn: (obj: object, msg: string) => void }): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let closed = false;
  let chain = Promise.resolve();

  const emitLocal = (e: DomainEvent) => emitter.emit('event', e);

  async function connect() {
    if (!handle.url || closed) return;
    const client = new pg.Client({ connectionString: handle.url });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let e: DomainEvent;
      try {
        e = parseDomainEvent(JSON.parse(msg.payload));
      } catch (err) {
        log.warn({ err }, 'ignored a notification that is not a domain event');
        return;
      }
      emitLocal(e);
    });
    client.on('error', (err) => {
      if (closed) return;
      log.warn({ err }, 'event listener lost its connection; reconnecting');
      listener = null;
      if (!closed)
        setTimeout(() => {
          connect().catch(() => undefined);
        }, 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  }

  const bus: EventBus = {
    async publish(events) {
      if (!events.length) return;
      const checked = events.map((e) => parseDomainEvent(e));
      if (handle.kind === 'postgres') {
        // One notification per event (payload limit 8000 bytes; events are small), up to 500 of them
        // per statement (in the array's order; distinct payloads, so none is folded into another): an
        // alarm storm publishes thousands at once.
        for (const part of chunks(checked)) {
          const payloads = part.map((e) => JSON.stringify(e));
          await sql`select pg_notify(${CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(handle.db);
        }
      } else {
        for (const e of checked) emitLocal(e);
      }
    },
    queue(make) {
      chain = chain
        .then(async () => {
          await bus.publish(await make());
        })
        .catch((err: unknown) => log.warn({ err }, 'event publish failed'));
    },
    subscribe(fn) {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    async start() {
      await connect();
    },
    async close() {
      closed = true;
      await chain;
      emitter.removeAllListeners();
      if (listener) await listener.end().catch(() => undefined);
      listener = null;
    },
  };
  return bus;
}
