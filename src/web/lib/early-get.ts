// Reads a page's HTML names for its first screen (<meta name="ys-early-get" content="<api path>">,
// written by the build for the product landing pages, vite.config.ts firstScreenPages): started as
// soon as the texts are ready, in parallel with the router and the page's chunks, and handed to the
// page's own request once (ADR 0033). Nothing else reads them.
import { get } from './request.ts';

const started = new Map<string, Promise<unknown>>();

/** Starts a quiet GET for each path (the page shows its own failure state when it takes one). */
export function startEarlyGets(paths: readonly string[]): void {
  for (const p of paths) {
    if (started.has(p)) continue;
    const req = get<unknown>(p, undefined, { isNeedloading: false, notice: false });
    req.catch(() => undefined); // unhandled until a page takes it
    started.set(p, req);
  }
}

/** The request started for `path`, once; undefined when none was (or it was taken already). */
export function takeEarlyGet<T>(path: string): Promise<T> | undefined {
  const req = started.get(path) as Promise<T> | undefined;
  started.delete(path);
  return req;
}
