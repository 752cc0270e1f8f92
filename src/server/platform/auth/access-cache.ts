// What every API call asks before its own query — whose session is this, is the user locked,
// which memberships do they hold, does the named tenant/project exist — kept in this process so a
// list request is one statement instead of four (issue 10, ADR 0015). Safety comes first:
// - a change made by this process drops the cache when its statement completes (the database
//   handle's onAccessWrite), so it takes effect on the very next request;
// - a change made anywhere (another process, a later feature, psql) is NOTIFYd by migration 0018's
//   triggers on commit and drops what it names in every process listening;
// - while the listener is not connected (starting, lost, reconnecting) nothing is served from the
//   cache, and a reconnect starts from empty (notifications may have been missed meanwhile);
// - a lookup that started before an invalidation is not stored (the generation check);
// - entries live at most ACCESS_CACHE_MS (a bound for the unforeseen) and never past their
//   session's expiry; unknown tokens and missing rows are never cached.
import pg from 'pg';
import type { DbHandle } from '../db/database.ts';

export const ACCESS_CHANNEL = 'yunshu_access';
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  /** Date.now() after which the entry is not used */
  until: number;
}

export interface AccessCache {
  /** The cached value of `key` in `space`, else `load()`'s (stored unless an invalidation ran meanwhile or it is undefined). */
  get<T>(
    space: 'session' | 'tenant' | 'project',
    key: string,
    load: () => Promise<T | undefined>,
    opts?: { owner?: (v: T) => string; expiresAt?: (v: T) => number },
  ): Promise<T | undefined>;
  /** Whether lookups are served from memory now (listener connected and caching enabled). */
  readonly live: boolean;
  /** Lookups answered from memory and from the database since start (tests and the bench read them). */
  readonly stats: { hits: number; misses: number; invalidations: number };
  /** Resolves on the next invalidation naming `payload` (`u:<id>`, `t:<id>`, `p:<id>`, `*`) or dropping everything. */
  nextInvalidation(payload: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function accessCache(handle: DbHandle, opts: { ttlMs: number; log: { warn: (obj: object, msg: string) => void } }): AccessCache {
  const spaces = { session: new Map<string, Entry<unknown>>(), tenant: new Map<string, Entry<unknown>>(), project: new Map<string, Entry<unknown>>() };
  /** user id → session keys cached for them */
  const byUser = new Map<string, Set<string>>();
  let generation = 0;
  const stats = { hits: 0, misses: 0, invalidations: 0 };
  let connected = false;
  let closed = false;
  let pgClient: pg.Client | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let stopLocal: (() => void) | null = null;
  const waiters = new Set<{ payload: string; resolve: () => void }>();

  const enabled = opts.ttlMs > 0;

  function clearAll() {
    generation++;
    for (const m of Object.values(spaces)) m.clear();
    byUser.clear();
  }

  function apply(payload: string) {
    generation++;
    stats.invalidations++;
    if (payload === '*') clearAll();
    else if (payload.startsWith('u:')) {
      const keys = byUser.get(payload.slice(2));
      if (keys) for (const k of keys) spaces.session.delete(k);
      byUser.delete(payload.slice(2));
    } else if (payload.startsWith('t:')) spaces.tenant.delete(payload.slice(2));
    else if (payload.startsWith('p:')) spaces.project.delete(payload.slice(2));
    else clearAll();
    for (const w of waiters) {
      if (w.payload === payload || payload === '*') {
        waiters.delete(w);
        w.resolve();
      }
    }
  }

  function setConnected(value: boolean) {
    // Whatever was cached may have missed notifications while we were not listening.
    clearAll();
    connected = value;
  }

  async function connectPg() {
    if (closed || !handle.url) return;
    const client = new pg.Client({ connectionString: handle.url });
    client.on('notification', (msg) => {
      if (msg.channel === ACCESS_CHANNEL && msg.payload) apply(msg.payload);
    });
    const lost = (err?: Error) => {
      if (pgClient !== client) return;
      pgClient = null;
      setConnected(false);
      if (closed) return;
      opts.log.warn({ err }, 'access cache listener lost its connection; serving from the database until it is back');
      setTimeout(() => {
        connectPg().catch(() => lost());
      }, 1000).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    pgClient = client;
    try {
      await client.connect();
      await client.query(`listen ${ACCESS_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      lost(err as Error);
      return;
    }
    if (pgClient === client && !closed) setConnected(true);
  }

  return {
    get live() {
      return enabled && connected && !closed;
    },
    get stats() {
      return { ...stats };
    },
    nextInvalidation(payload) {
      return new Promise((resolve) => waiters.add({ payload, resolve }));
    },
    async get(space, key, load, o = {}) {
      if (!(enabled && connected && !closed)) return load();
      const map = spaces[space];
      const now = Date.now();
      const hit = map.get(key);
      if (hit && hit.until > now) {
        stats.hits++;
        return hit.value as never;
      }
      if (hit) map.delete(key);
      stats.misses++;
      const startedAt = generation;
      const value = await load();
      // An invalidation ran while we read: what we read may be the state before it.
      if (value === undefined || generation !== startedAt || !connected) return value;
      const until = Math.min(now + opts.ttlMs, o.expiresAt ? o.expiresAt(value) : Infinity);
      if (until <= now) return value;
      if (map.size >= MAX_ENTRIES) {
        // Oldest first (Map keeps insertion order); cheap and good enough for a bound.
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
      map.set(key, { value, until });
      if (o.owner) {
        const owner = o.owner(value);
        const set = byUser.get(owner) ?? new Set<string>();
        set.add(key);
        byUser.set(owner, set);
      }
      return value;
    },
    async start() {
      if (!enabled || closed) return;
      // This process's own writes: drop everything as soon as the statement completes.
      stopLocal = handle.onAccessWrite(() => apply('*'));
      if (handle.kind === 'postgres') await connectPg();
      else if (handle.pglite) {
        unlisten = await handle.pglite.listen(ACCESS_CHANNEL, (payload) => apply(payload));
        setConnected(true);
      }
    },
    async close() {
      closed = true;
      connected = false;
      clearAll();
      stopLocal?.();
      for (const w of waiters) w.resolve();
      waiters.clear();
      const client = pgClient;
      pgClient = null;
      if (client) await client.end().catch(() => undefined);
      if (unlisten) await unlisten().catch(() => undefined);
    },
  };
}
