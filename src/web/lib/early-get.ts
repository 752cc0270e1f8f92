// Reads a page's HTML names for its first screen (<meta name="ys-early-get" content="<api path>">,
// written by the build for the product landing pages, vite.config.ts firstScreenPages). The server
// puts the answer itself into the page as a JSON data block in the request's language
// (<script type="application/json" data-ys-early="<path>" data-lang="zh-CN">): when its language is the
// reader's, the page takes it on its first render and nothing is requested. Otherwise the GET starts
// as soon as the texts are ready, in parallel with the router and the page's chunks, and is handed to
// the page's own request once (ADR 0033 and its addendum). Nothing else reads them.
import { get } from './request.ts';

const started = new Map<string, Promise<unknown>>();

const dataBlock = (path: string, lang: string) =>
  [...document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-ys-early]')].find(
    (s) => s.dataset.ysEarly === path && s.dataset.lang === lang,
  );

/** Starts a quiet GET for each path the page does not carry in `lang` (the page shows its own failure state when it takes one). */
export function startEarlyGets(paths: readonly string[], lang: string): void {
  for (const p of paths) {
    if (started.has(p) || dataBlock(p, lang)) continue;
    const req = get<unknown>(p, undefined, { isNeedloading: false, notice: false });
    req.catch(() => undefined); // unhandled until a page takes it
    started.set(p, req);
  }
}

/** The answer the page's HTML carries for `path` in `lang`, once (the block is removed: a later visit asks the server). */
export function takeEarlyData<T>(path: string, lang: string): T | undefined {
  const block = dataBlock(path, lang);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}

/** The request started for `path`, once; undefined when none was (or it was taken already). */
export function takeEarlyGet<T>(path: string): Promise<T> | undefined {
  const req = started.get(path) as Promise<T> | undefined;
  started.delete(path);
  return req;
}
