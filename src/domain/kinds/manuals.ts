// Which product manual (public/docs/{url}/manual.html, seed 000 §1 help docs) a kind's list links:
// the cloud host manual from the hosts, the physical machine manual from bare metal, the object
// storage manual from buckets and capacity packages. A list without a manual shows no help link
// (it used to link the cloud host manual from every list).
export const MANUALS_OF_KIND: Readonly<Record<string, readonly string[]>> = {
  instance: ['vps'],
  phyhost: ['physical-model'],
  oss_bucket: ['oss'],
  oss_package: ['oss'],
};

/** The manuals of a kind's list (none for a kind without a manual). */
export const manualsOf = (kind: string): readonly string[] => MANUALS_OF_KIND[kind] ?? [];
