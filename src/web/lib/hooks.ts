// Small hooks of the shell: the layout breakpoint and the metadata of the current route.
import { useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { BREAKPOINTS } from '../../domain/constants.ts';
import type { RouteMeta } from '../../domain/navigation/rules.ts';

export type Breakpoint = 'phone' | 'tablet' | 'desktop';

function current(): Breakpoint {
  if (typeof window === 'undefined') return 'phone';
  const w = window.innerWidth;
  return w >= BREAKPOINTS.desktop ? 'desktop' : w >= BREAKPOINTS.tablet ? 'tablet' : 'phone';
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
