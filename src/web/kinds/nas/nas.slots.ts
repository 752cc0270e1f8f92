// File storage's own pages (ADR 0053): the sync policy (nasSynchronous/{id}) and the backup policy
// (nasBackupDetail/backupConfig/{id}) of one NAS, the links to both above its detail, and above the
// NAS list of 文件存储备份 (nasBackupDetail) where to set one.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: {
    nasSynchronous: { id: true, frame: 'nas-policy' },
    nasBackupDetail_backupConfig: { id: true, frame: 'nas-policy' },
  },
  above: { nasDetail: { id: true }, nasBackupDetail: {} },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: [],
} as const satisfies KindSlots;
