// The link of a ref field to the referenced resource's detail page: it reads the target kind's list
// model, so it lives apart from kind-meta.ts (on a phone list's first screen, which reads its own
// kind's model alone, ADR 0057); the detail and the desktop table import it.
import { listKindOf, type ListKind } from '../../../domain/kinds/list-kind.ts';
import { detailPath, fieldDef, rawValue, type Resource } from './kind-meta.ts';

/** The link of a ref field pointing at another kind's detail page. */
export function refLink(def: ListKind, row: Resource, key: string): string | undefined {
  const f = fieldDef(def, key);
  if (f?.type !== 'ref' || !f.ref) return undefined;
  const target = listKindOf(f.ref);
  const v = rawValue(def, row, key);
  return target && typeof v === 'string' && v ? detailPath(target, v) : undefined;
}
