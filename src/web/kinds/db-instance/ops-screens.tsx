// An instance's 参数设置 / 插件 / 监控 / 表空间 pages and the deleted instance's detail in their slots
// (db-instance.slots.ts, ADR 0058), and the links above the instance's detail and the recycle bin.
import { ParamsPage } from './params-page.tsx';
import { PluginsPage } from './plugins-page.tsx';
import { MonitorPage } from './monitor-page.tsx';
import { TableSpacesPage } from './tablespaces-page.tsx';
import { RecycleDetail } from './recycle-detail.tsx';

export { OutlineLinks, RecycleBinLinks } from './ops-links.tsx';

export const opsScreens = {
  databaseDetail_setupParams: ParamsPage,
  databaseDetail_plugin: PluginsPage,
  databaseDetail_monitor: MonitorPage,
  databaseDetail_tableSpaces: TableSpacesPage,
  dbRecycleBinDetail: RecycleDetail,
};
