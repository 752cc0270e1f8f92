// The kinds' list models one kind at a time (vite.config.ts listKindSlices, ADR 0057): which kind each
// plain list route shows, and a loader per kind of its list model (a chunk of its own).
declare module 'virtual:list-kinds' {
  import type { ListKind } from '../../domain/kinds/list-kind.ts';
  /** Plain list routes (screenFor answers a tenant's list of one kind) → that kind. */
  export const LIST_ROUTE_KINDS: Readonly<Record<string, string>>;
  /** One loader per kind with a plain list route: its list model, as list-kind.ts derives it. */
  export const LIST_KIND_MODELS: Readonly<Record<string, () => Promise<ListKind>>>;
}

// Every route a kind claims → the kinds whose texts it reads (vite.config.ts, kind-screens.ts routeTextKinds;
// ADR 0072's second addendum). A chunk of its own: the page table reads it before any resource screen.
declare module 'virtual:route-kinds' {
  export const ROUTE_KINDS: Readonly<Record<string, readonly string[]>>;
}
