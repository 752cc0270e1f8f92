// The answer a product landing page's HTML carries for its first screen (ADR 0033 addendum): the
// server puts it into the page as a JSON data block in the request's language
// (<script type="application/json" data-ys-early="<path>" data-lang="zh-CN">). When its language is
// the reader's, the page takes it on its first render and nothing is requested; otherwise the entry
// has started the GET (<meta name="ys-early-get">, main.tsx startEarlyGets) and the page's own request
// takes its answer (lib/request.ts prefetch). Nothing else reads the blocks.

const dataBlock = (path: string, lang: string) =>
  [...document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-ys-early]')].find(
    (s) => s.dataset.ysEarly === path && s.dataset.lang === lang,
  );

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
