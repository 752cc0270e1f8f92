// One server-sent event stream (GET /api/v1/events) for the whole console, shared by every feature
// that listens (resources, approvals, backup plans). EventSource cannot set headers, so the token and
// scope travel as query parameters; a scope change reopens the stream. The stream stays open while
// anyone listens, and a moment longer, so moving between screens reuses it.

import { getProject, getTenant, getToken } from './session.ts';

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let sourceUrl = '';
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/** The stream of the current session's tenant and project; null when signed out. */
function eventsUrl(): string | null {
  const token = getToken();
  const tenant = getTenant();
  if (!token || !tenant) return null;
  const q = new URLSearchParams({ token, tenant_id: tenant.id });
  const project = getProject();
  if (project) q.set('project_id', project.id);
  return `/api/v1/events?${q.toString()}`;
}

function dispatch(name: string) {
  return (e: Event) => {
    let data: unknown;
    try { data = JSON.parse(String((e as MessageEvent).data)); } catch { return; /* a malformed frame is skipped */ }
    for (const h of handlers.get(name) ?? []) h(data);
  };
}

function listen(name: string): void {
  source?.addEventListener(name, dispatch(name));
}

function open(url: string): void {
  if (source && sourceUrl === url) return;
  source?.close();
  sourceUrl = url;
  source = new EventSource(url);
  for (const name of handlers.keys()) listen(name);
}

/** Calls `handler` with the parsed data of each event named in `names`; answers the unsubscribe. */
export function subscribeServerEvents(names: readonly string[], handler: Handler): () => void {
  const url = eventsUrl();
  if (!url || typeof EventSource === 'undefined') return () => undefined;
  clearTimeout(closeTimer);
  users++;
  for (const name of names) {
    let set = handlers.get(name);
    if (!set) {
      handlers.set(name, (set = new Set()));
      if (source && sourceUrl === url) listen(name);
    }
    set.add(handler);
  }
  open(url);
  return () => {
    for (const name of names) handlers.get(name)?.delete(handler);
    users--;
    if (users === 0) {
      closeTimer = setTimeout(() => {
        if (users > 0) return;
        source?.close();
        source = null;
        sourceUrl = '';
        handlers.clear();
      }, 2000);
    }
  };
}
