// The cloud host's flavors (cores, memory GB), apart from instance.kind.ts so a screen that only names a
// flavor (an approval's summary in the console's frame: 「4 核 8 GB」) does not load every kind's
// definition with it (the kind-definitions chunk, vite.config.ts).
export const FLAVORS = [
  { id: 's6.small.1', cpu: 1, memory: 1 },
  { id: 's6.medium.2', cpu: 1, memory: 2 },
  { id: 's6.large.2', cpu: 2, memory: 4 },
  { id: 's6.xlarge.2', cpu: 4, memory: 8 },
  { id: 's6.2xlarge.2', cpu: 8, memory: 16 },
  { id: 'c6.2xlarge.4', cpu: 8, memory: 32 },
  { id: 'm6.4xlarge.8', cpu: 16, memory: 128 },
] as const;
export const FLAVOR_IDS = FLAVORS.map((f) => f.id) as unknown as readonly [string, ...string[]];
