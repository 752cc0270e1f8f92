// The resource counts of the console home and the resource overview.
/**
 * Kinds counted on the overview, with the route whose name labels each and the kind's own list (its
 * `routes.list`, held to the registry by tests/unit/console-home-todos.test.ts, so the page does not load
 * the kinds' definitions for six links).
 */
export const COUNTED = [
  { kind: 'instance', route: 'ecsManage', list: 'ecsManage' },
  { kind: 'volume', route: 'volumeManage', list: 'volumeManage' },
  { kind: 'snapshot', route: 'snapshots', list: 'snapshots_ecsSnapshot' },
  { kind: 'vpc', route: 'vpc', list: 'vpc' },
  { kind: 'subnet', route: 'subnet', list: 'subnet' },
  { kind: 'eip', route: 'eipManage', list: 'eipManage' },
] as const;
