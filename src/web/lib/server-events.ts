// One server-sent event stream (GET /api/v1/events) for the whole console, shared by every feature
// that listens (resources, approvals, backup plans). EventSource cannot set headers and the session
// token must not travel in a URL (it would reach logs and history), so each opening first asks
// POST /api/v1/events/ticket (with the X-Auth-Token header) for a single-use, 60-second ticket and
// opens `/api/v1/events?ticket=…&tenant_id=…`. A used ticket cannot serve EventSource's own
// reconnect, so on any error the stream is closed and reopened with a fresh ticket after a back-off.
// A scope change reopens the stream. The stream stays open while anyone listens, and a moment
// longer, so moving between screens reuses it. Handlers are typed by the event union of
// src/domain/events.ts: each gets the event of its type, checked, or nothing (a frame that does not
// fit its type is skipped).

import type { DeliveredEvent, DomainEventType } from '../../domain/events.ts';
import { post } from './request.ts';
import { getProject, getTenant, getToken } from './session.ts';

type Handler = (event: DeliveredEvent) => void;

const RETRY_MS = 3000;
const MAX_RETRY_MS = 60_000;

const handlers = new Map<DomainEventType, Set<Handler>>();
let source: EventSource | null = null;
/** The session and scope the stream is (being) opened for; '' when closed. */
let streamKey = '';
/** Bumped on every (re)open and close, so a ticket that arrives late for an older opening is dropped. */
let generation = 0;
let retryMs = RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/** The session and scope of the stream, with its scope params; null when signed out. */
function wanted(): { key: string; scope: Record<string, string> } | null {
  const token = getToken();
  const tenant = getTenant();
  if (!token || !tenant) return null;
  const scope: Record<string, string> = { tenant_id: tenant.id };
  const project = getProject();
  if (project) scope.project_id = project.id;
  return { key: `${token}|${tenant.id}|${project?.id ?? ''}`, scope };
}

/**
 * The events' schemas (zod) load with the first frame, not with the page: a screen opened with
 * nothing happening never fetches them. Frames wait for the one import in their arrival order.
 */
let parser: Promise<typeof import('../../domain/events.ts').parseDelivered> | null = null;
const loadParser = () =>
  (parser ??= import('../../domain/events.ts').then(
    (m) => m.parseDelivered,
    (err: unknown) => {
      parser = null; // the next frame tries again (the chunk may have been out of reach offline)
      throw err;
    },
  ));

function dispatch(name: DomainEventType) {
  return (e: Event) => {
    let data: unknown;
    try {
      data = JSON.parse(String((e as MessageEvent).data));
    } catch {
      return; /* a malformed frame is skipped */
    }
    loadParser().then(
      (parseDelivered) => {
        const event = parseDelivered(name, data);
        if (!event) return;
        for (const h of handlers.get(name) ?? []) h(event);
      },
      () => undefined /* a frame that cannot be checked is skipped, like a malformed one */,
    );
  };
}

function listen(name: DomainEventType): void {
  source?.addEventListener(name, dispatch(name));
}

function stop(): void {
  generation++;
  clearTimeout(retryTimer);
  source?.close();
  source = null;
}

async function connect(key: string, scope: Record<string, string>): Promise<void> {
  const mine = ++generation;
  let ticket: string;
  try {
    ({ ticket } = await post<{ ticket: string }>('v1/events/ticket', undefined, { isNeedloading: false, notice: false }));
  } catch {
    if (mine === generation && streamKey === key) scheduleRetry(key, scope);
    return;
  }
  if (mine !== generation || streamKey !== key) return;
  const es = new EventSource(`/api/v1/events?${new URLSearchParams({ ticket, ...scope }).toString()}`);
  source = es;
  for (const name of handlers.keys()) listen(name);
  es.onopen = () => {
    retryMs = RETRY_MS;
  };
  es.onerror = () => {
    if (source !== es) return;
    es.close();
    source = null;
    scheduleRetry(key, scope);
  };
}

function scheduleRetry(key: string, scope: Record<string, string>): void {
  clearTimeout(retryTimer);
  const wait = retryMs;
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  retryTimer = setTimeout(() => {
    if (streamKey === key && users > 0) void connect(key, scope);
  }, wait);
}

function open(key: string, scope: Record<string, string>): void {
  if (streamKey === key) return;
  stop();
  streamKey = key;
  retryMs = RETRY_MS;
  void connect(key, scope);
}

/**
 * Calls `handler` with each event of type `type` (or of any of several types: narrow on
 * `event.type`), checked against the union; answers the unsubscribe.
 */
export function subscribe<T extends DomainEventType>(type: T | readonly T[], handler: (event: DeliveredEvent<T>) => void): () => void {
  const names: readonly DomainEventType[] = typeof type === 'string' ? [type] : type;
  return subscribeAll(names, handler as Handler);
}

function subscribeAll(names: readonly DomainEventType[], handler: Handler): () => void {
  const want = wanted();
  if (!want || typeof EventSource === 'undefined') return () => undefined;
  clearTimeout(closeTimer);
  users++;
  for (const name of names) {
    let set = handlers.get(name);
    if (!set) {
      handlers.set(name, (set = new Set()));
      if (source && streamKey === want.key) listen(name);
    }
    set.add(handler);
  }
  open(want.key, want.scope);
  return () => {
    for (const name of names) handlers.get(name)?.delete(handler);
    users--;
    if (users === 0) {
      closeTimer = setTimeout(() => {
        if (users > 0) return;
        stop();
        streamKey = '';
        handlers.clear();
      }, 2000);
    }
  };
}
