// Disk snapshots' own pages (ADR 0053, ADR 0064): the snapshot chains — each cloud disk's snapshots
// in the order they were taken (volumeSnapshot/snapshotChain) and one disk's chain with its
// rollback, snapshot and expansion (volumeSnapshotChainDetail/{id}, the disk's id) — and the tab bar
// of 云硬盘快照 (快照 · 快照链 · 一致性组) above the snapshot list and the consistency groups.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: {
    volumeSnapshot_snapshotChain: { frame: 'snapshot-chain' },
    volumeSnapshotChainDetail: { id: true, frame: 'snapshot-chain' },
  },
  above: { volumeSnapshot: {}, volumeSnapshot_snapshot: {}, volumeSnapshot_snapshotGroup: {} },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: [],
} as const satisfies KindSlots;
