// Small hooks of the shell: the layout breakpoint and the metadata of the current route.
import { useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { BREAKPOINTS } from '../../domain/constants.ts';
import type { RouteMeta } from '../../domain/navigation/rules.ts';

export type Breakpoint = 'phone' | 'tablet' | 'desktop';

/** Narrower than any phone is no layout at all. */
const MIN_LAYOUT_WIDTH = 240;

/**
 * The layout for a window `width` px wide. A width below any phone's keeps the layout there was:
 * headless Chromium resizes the window to 1×1 for a moment while it captures a whole page, and a
 * hidden window may report 0 — switching shells then would unmount the page and lose what the user
 * was doing (a picked host, an open sheet).
 */
export function breakpointOf(width: number, last: Breakpoint | null): Breakpoint {
  if (width < MIN_LAYOUT_WIDTH && last) return last;
  return width >= BREAKPOINTS.desktop ? 'desktop' : width >= BREAKPOINTS.tablet ? 'tablet' : 'phone';
}

let last: Breakpoint | null = null;
function current(): Breakpoint {
  if (typeof window === 'undefined') return 'phone';
  last = breakpointOf(window.innerWidth, last);
  return last;
}
function subscribe(cb: () => void): () => void {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}
/** phone < 768px ≤ tablet < 1200px ≤ desktop */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, current, () => 'phone');
}

/** What every page route carries as its `handle`. */
export interface PageHandle {
  name: string;
  meta: RouteMeta;
  path: string;
  parent?: string;
  area: string;
}

export function usePageHandle(): PageHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle as PageHandle | undefined;
    if (h && typeof h === 'object' && 'name' in h) return h;
  }
  return undefined;
}
