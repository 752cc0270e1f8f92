// A form's own kind, whole (ADR 0078): the kind's definition joined with the schemas of its folder's
// `<kind>.schema.ts`, loaded alone (virtual:kind-schemas) — a NAS purchase does not fetch the NAT
// rules', USB devices' or database accounts' rules that full-kind.ts's glob of every kind brings.
// The same promise per kind, marked settled, so React's `use` reads a loaded kind without suspending.
import { KIND_SCHEMAS } from 'virtual:kind-schemas';
import { joinOwnKind, type FullKind } from '../../../../domain/kinds/kind-schemas.ts';

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

const loaded = new Map<string, Settled<FullKind>>();

/** The full kind of a name, its schema module loaded alone; rejects for a kind without one. */
export function ownFullKind(kind: string): Promise<FullKind> {
  let p = loaded.get(kind);
  if (!p) {
    const load = Object.hasOwn(KIND_SCHEMAS, kind) ? KIND_SCHEMAS[kind]! : undefined;
    p = settled(load ? load().then((m) => joinOwnKind(kind, m)) : Promise.reject(new Error(`unknown kind ${kind}`)));
    loaded.set(kind, p);
  }
  return p;
}
