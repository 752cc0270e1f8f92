// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// dns-zone.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A zone name: two or more labels of a-z, 0-9 and inner hyphens (corp.internal, example.com). */
export function isZoneName(v: string): boolean {
  return v.length >= 3 && v.length <= 253 && v.split('.').length >= 2 && v.split('.').every((l) => LABEL.test(l));
}
