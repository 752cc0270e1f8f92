// Icons of the menu data (`icon` of /api/v1/menus) drawn with antd-mobile-icons.
import {
  AppOutline, AppstoreOutline, BellOutline, BillOutline, CameraOutline, CheckShieldOutline, ContentOutline, DeleteOutline,
  DownlandOutline, FileOutline, FolderOutline, GlobalOutline, HistogramOutline, KeyOutline, LinkOutline, MailOutline,
  MessageOutline, PayCircleOutline, PictureOutline, SetOutline, TagOutline, TeamOutline, UnorderedListOutline,
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

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? AppstoreOutline;
  return <Icon className={className} />;
}
