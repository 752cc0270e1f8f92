// File storage's own pages (ADR 0053): the sync policy (nasSynchronous/{id}) and the backup policy
// (nasBackupDetail/backupConfig/{id}) of one NAS, and the links to both above its detail.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: {
    nasSynchronous: { id: true, frame: 'nas-policy' },
    nasBackupDetail_backupConfig: { id: true, frame: 'nas-policy' },
  },
  above: { nasDetail: { id: true } },
} as const satisfies KindSlots;
