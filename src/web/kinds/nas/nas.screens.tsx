// File storage's screens in their slots (nas.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './nas.slots.ts';
import { NasBackupNotice, NasPolicyLinks, NasPolicyPage } from './nas-policy.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { nasSynchronous: NasPolicyPage, nasBackupDetail_backupConfig: NasPolicyPage },
  above: { nasDetail: NasPolicyLinks, nasBackupDetail: NasBackupNotice },
};
