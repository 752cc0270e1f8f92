// An instance's disaster recovery and data-lake tabs in the kind's slots (ADR 0060); the instance
// detail's links to them are in dp-links.tsx (the outline loads those, not these tabs).
import { DrTab } from './dr-tab.tsx';
import { LakeTab } from './lake-tab.tsx';

export const dataProtectScreens = {
  databaseDetail_disasterTolerant: DrTab,
  databaseDetail_dbToLake: LakeTab,
};
