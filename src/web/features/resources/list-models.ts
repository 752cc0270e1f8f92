// The kinds' list models as the resource page reads them (ADR 0057): a phone opening a kind's plain
// list reads that one kind's model (virtual:list-kinds, a chunk per kind), every other screen the
// screens' module with every kind's (kind-screens.ts over list-kind.ts), loaded when first shown.
// Both answer promises that stay the same per kind, marked settled, so React's `use` reads a loaded
// one without suspending again.
import { LIST_KIND_MODELS, LIST_ROUTE_KINDS } from 'virtual:list-kinds';
import type { ListKind } from '../../../domain/kinds/list-kind.ts';

type Settled<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

function settled<T>(p: Promise<T>): Settled<T> {
  const s = p as Settled<T>;
  s.status = 'pending';
  p.then(
    (v) => Object.assign(s, { status: 'fulfilled', value: v }),
    () => Object.assign(s, { status: 'rejected' }),
  );
  return s;
}

/** The kind a plain list route shows (a tenant's list of one kind), or undefined. */
export const listRouteKind = (route: string): string | undefined => (Object.hasOwn(LIST_ROUTE_KINDS, route) ? LIST_ROUTE_KINDS[route] : undefined);

const models = new Map<string, Settled<ListKind>>();

/** The list model of a kind with a plain list route, alone. */
export function listModelOf(kind: string): Promise<ListKind> {
  let p = models.get(kind);
  if (!p) {
    p = settled(LIST_KIND_MODELS[kind]!());
    models.set(kind, p);
  }
  return p;
}

let screens: Settled<typeof import('./kind-screens.ts')> | undefined;

/** Which screen a route shows, over every kind's list model (kind-screens.ts). */
export const kindScreens = (): Promise<typeof import('./kind-screens.ts')> => (screens ??= settled(import('./kind-screens.ts')));
