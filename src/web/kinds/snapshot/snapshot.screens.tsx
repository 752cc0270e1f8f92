// Disk snapshots' screens in their slots (snapshot.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './snapshot.slots.ts';
import { ChainDetailPage, ChainListPage, SnapshotTabs } from './snapshot-chains.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { volumeSnapshot_snapshotChain: ChainListPage, volumeSnapshotChainDetail: ChainDetailPage },
  above: { volumeSnapshot: SnapshotTabs, volumeSnapshot_snapshot: SnapshotTabs, volumeSnapshot_snapshotGroup: SnapshotTabs },
};
