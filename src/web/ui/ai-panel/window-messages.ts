// The postMessage protocol between the console, the embedded assistant page and other frames.
// Only messages from our own origin count (the console and the assistant share it).

/** Console → assistant: the session the assistant works in (seed 000 §3). */
export interface AssistantSession {
  token: string;
  tenant_id: string;
  project_id: string;
  pagetype: 'component';
}
/** Console → assistant: commands. */
export interface AssistantCommandMessage {
  command: 'openAIBox' | 'shrinkscreenFinished';
  /** With openAIBox: how the panel shows the page (full when arriving at /aiasistant directly). */
  mode?: 'side' | 'full';
}

/** Assistant → console. */
export type AssistantEvent = 'close' | 'fullscreen' | 'shrink' | 'login';
export const ASSISTANT_SOURCE = 'yunshu-assistant';
const EVENTS: readonly AssistantEvent[] = ['close', 'fullscreen', 'shrink', 'login'];

export function parseAssistantEvent(data: unknown): AssistantEvent | null {
  if (!data || typeof data !== 'object') return null;
  const { source, event } = data as { source?: unknown; event?: unknown };
  return source === ASSISTANT_SOURCE && typeof event === 'string' && (EVENTS as readonly string[]).includes(event) ? (event as AssistantEvent) : null;
}

/**
 * Assistant → console: open a source the answer links (ADR 0065). Only a path of this site
 * (`/route…`, never `//host` or `scheme:`), so a message cannot send the console elsewhere.
 */
export function parseAssistantNavigate(data: unknown): string | null {
  const { source, event, url } = (data ?? {}) as { source?: unknown; event?: unknown; url?: unknown };
  return source === ASSISTANT_SOURCE && event === 'navigate' && typeof url === 'string' && /^\/(?![/\\])\S*$/.test(url) ? url : null;
}

/** Any frame → root: an image to preview, or a logout. */
export type RootMessage = { kind: 'image'; url: string } | { kind: 'logout' };

/** Accepts same-origin paths and URLs, data: images and blob: URLs of our origin. */
export function safeImageUrl(raw: string, origin: string): string | null {
  if (/^data:image\/[\w.+-]+[;,]/i.test(raw)) return raw;
  try {
    const url = new URL(raw, origin);
    if (url.protocol === 'blob:') return url.href.startsWith(`blob:${origin}/`) ? url.href : null;
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}

export function parseRootMessage(data: unknown, origin: string): RootMessage | null {
  if (!data || typeof data !== 'object') return null;
  const msg = data as { type?: unknown; url?: unknown; logout?: unknown };
  if (msg.logout === true) return { kind: 'logout' };
  if (msg.type === 'previewImage' && typeof msg.url === 'string') {
    const url = safeImageUrl(msg.url, origin);
    return url ? { kind: 'image', url } : null;
  }
  return null;
}

/** Only our own origin, and (when given) only the expected frame. */
export function isTrusted(event: Pick<MessageEvent, 'origin' | 'source'>, origin: string, from?: MessageEventSource | null): boolean {
  if (event.origin !== origin) return false;
  return from === undefined || (from !== null && event.source === from);
}
