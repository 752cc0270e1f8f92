// The tabs of the data-protection pages (ADR 0062): DR tasks by product (ADR 0074), templates beside their
// associations and comparisons; the protection page's task types; the transfer centre's four lists (ADR 0059).
import type { Tab } from './parts.tsx';

export const DR_TABS: readonly Tab[] = [
  { key: 'tasks', to: '/disasterTask/mysql' },
  { key: 'templates', to: '/disasterTemplate' },
  { key: 'associations', to: '/disasterAssociated' },
  { key: 'comparisons', to: '/disasterAssociated?tab=comparisons' },
];
export const PROTECT_TABS: readonly Tab[] = [
  { key: 'instances', to: '/dataProtect' },
  { key: 'file_copy', to: '/dataProtect?tab=file_copy' },
  { key: 'file_compare', to: '/dataProtect?tab=file_compare' },
  { key: 'whole_copy', to: '/wholeMove' },
];
export const DTC_TABS: readonly Tab[] = [
  { key: 'dts', to: '/dtsManage' },
  { key: 'dtc', to: '/dtc/dtcManage' },
  { key: 'dtc_database', to: '/dtc/dtcDatabaseManage' },
  { key: 'dtc_file', to: '/dtc/dtcFileManage' },
];
