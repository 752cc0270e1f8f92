// Icons of the menu data (`icon` of /api/v1/menus) drawn with antd-mobile-icons.
import {
  AaOutline, AppOutline, AppstoreOutline, ArrowsAltOutline, BellOutline, BillOutline, CalculatorOutline, CalendarOutline,
  CameraOutline, ChatCheckOutline, CheckShieldOutline, ClockCircleOutline, CompassOutline, ContentOutline, DeleteOutline,
  DownlandOutline, EditSOutline, EnvironmentOutline, FileOutline, FillinOutline, FlagOutline, FolderOutline, GlobalOutline,
  HistogramOutline, KeyOutline, LinkOutline, LocationOutline, LockOutline, LoopOutline, MailOutline, MessageOutline,
  PayCircleOutline, PictureOutline, PicturesOutline, PieOutline, ReceiptOutline, SetOutline, ShopbagOutline, SoundOutline,
  TagOutline, TeamOutline, TextOutline, UnorderedListOutline, UserSetOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<{ className?: string }>> = {
  home: AppOutline, appstore: AppstoreOutline, compute: HistogramOutline, delete: DeleteOutline, cluster: AppstoreOutline,
  picture: PictureOutline, camera: CameraOutline, storage: ContentOutline, folder: FolderOutline, bucket: FolderOutline,
  network: GlobalOutline, global: GlobalOutline, apartment: UnorderedListOutline, swap: LinkOutline, link: LinkOutline,
  branches: LinkOutline, safety: CheckShieldOutline, database: ContentOutline, money: PayCircleOutline, file: FileOutline,
  download: DownlandOutline, audit: BillOutline, tool: SetOutline, bell: BellOutline, message: MessageOutline, mail: MailOutline,
  setting: SetOutline, project: AppstoreOutline, team: TeamOutline, tag: TagOutline, key: KeyOutline,
};

/**
 * One icon per menu entry: folded to icons (a tablet's narrow menu), entries that share an `icon`
 * name in the menu data (five compute entries, four databases…) would look the same.
 */
const ENTRY_ICONS: Record<string, ComponentType<{ className?: string }>> = {
  home: AppOutline, resource_general: AppstoreOutline, ecs: HistogramOutline, ecs_admin: UserSetOutline, ecs_recycle: DeleteOutline,
  bms: CalculatorOutline, cdh: ShopbagOutline, deploy_units: PieOutline, images: PictureOutline, snapshots: CameraOutline,
  volume: ContentOutline, volume_admin: TextOutline, nas: FolderOutline, oss: PicturesOutline, san: ReceiptOutline,
  vpc: GlobalOutline, subnet: UnorderedListOutline, vip: LocationOutline, eip: EnvironmentOutline, share_band: SoundOutline,
  elb: ArrowsAltOutline, nat: LoopOutline, vpcep: LinkOutline, sdwan: CompassOutline, firewall: CheckShieldOutline,
  rds: AaOutline, cache: ClockCircleOutline, document: FileOutline, cost_center: PayCircleOutline, orders: BillOutline,
  downloads: DownlandOutline, my_approvals: ChatCheckOutline, approval_process: FillinOutline, alarms: BellOutline,
  work_orders: EditSOutline, feedback: MessageOutline, site_messages: MailOutline, logs: CalendarOutline, projects: FlagOutline,
  policies: LockOutline, user_groups: TeamOutline, tags: TagOutline, access_keys: KeyOutline,
};

export function MenuIcon({ name, code, className }: { name: string; code?: string; className?: string }) {
  const Icon = (code ? ENTRY_ICONS[code] : undefined) ?? ICONS[name] ?? AppstoreOutline;
  return <Icon className={className} />;
}
