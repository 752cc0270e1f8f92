// Icons of the menu data for screens that draw a few of them: on a phone each icon is fetched when it
// is first drawn — the console home's dozen shortcuts without the side menu's whole set (~25 KB gz;
// issue 28); beside a side menu (tablet, desktop) from that menu's set, already loaded. Until its icon
// arrives an entry keeps the icon's place, so nothing moves.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { menuIconName, type MenuIconName } from './menu-icon-names.ts';

type Icon = ComponentType<{ className?: string }>;

const LOADERS: Record<MenuIconName, () => Promise<{ default: Icon }>> = {
  AaOutline: () => import('antd-mobile-icons/es/AaOutline.js?phone'),
  AddSquareOutline: () => import('antd-mobile-icons/es/AddSquareOutline.js?phone'),
  AntOutline: () => import('antd-mobile-icons/es/AntOutline.js?phone'),
  AppOutline: () => import('antd-mobile-icons/es/AppOutline.js?phone'),
  AppstoreOutline: () => import('antd-mobile-icons/es/AppstoreOutline.js?phone'),
  ArrowDownCircleOutline: () => import('antd-mobile-icons/es/ArrowDownCircleOutline.js?phone'),
  ArrowsAltOutline: () => import('antd-mobile-icons/es/ArrowsAltOutline.js?phone'),
  BankcardOutline: () => import('antd-mobile-icons/es/BankcardOutline.js?phone'),
  BellOutline: () => import('antd-mobile-icons/es/BellOutline.js?phone'),
  BillOutline: () => import('antd-mobile-icons/es/BillOutline.js?phone'),
  CalculatorOutline: () => import('antd-mobile-icons/es/CalculatorOutline.js?phone'),
  CalendarOutline: () => import('antd-mobile-icons/es/CalendarOutline.js?phone'),
  CameraOutline: () => import('antd-mobile-icons/es/CameraOutline.js?phone'),
  ChatCheckOutline: () => import('antd-mobile-icons/es/ChatCheckOutline.js?phone'),
  CheckCircleOutline: () => import('antd-mobile-icons/es/CheckCircleOutline.js?phone'),
  CheckShieldOutline: () => import('antd-mobile-icons/es/CheckShieldOutline.js?phone'),
  ClockCircleOutline: () => import('antd-mobile-icons/es/ClockCircleOutline.js?phone'),
  CollectMoneyOutline: () => import('antd-mobile-icons/es/CollectMoneyOutline.js?phone'),
  CompassOutline: () => import('antd-mobile-icons/es/CompassOutline.js?phone'),
  ContentOutline: () => import('antd-mobile-icons/es/ContentOutline.js?phone'),
  CouponOutline: () => import('antd-mobile-icons/es/CouponOutline.js?phone'),
  DeleteOutline: () => import('antd-mobile-icons/es/DeleteOutline.js?phone'),
  DownCircleOutline: () => import('antd-mobile-icons/es/DownCircleOutline.js?phone'),
  DownlandOutline: () => import('antd-mobile-icons/es/DownlandOutline.js?phone'),
  EditSOutline: () => import('antd-mobile-icons/es/EditSOutline.js?phone'),
  EnvironmentOutline: () => import('antd-mobile-icons/es/EnvironmentOutline.js?phone'),
  ExclamationShieldOutline: () => import('antd-mobile-icons/es/ExclamationShieldOutline.js?phone'),
  EyeOutline: () => import('antd-mobile-icons/es/EyeOutline.js?phone'),
  FileOutline: () => import('antd-mobile-icons/es/FileOutline.js?phone'),
  FillinOutline: () => import('antd-mobile-icons/es/FillinOutline.js?phone'),
  FilterOutline: () => import('antd-mobile-icons/es/FilterOutline.js?phone'),
  FlagOutline: () => import('antd-mobile-icons/es/FlagOutline.js?phone'),
  FolderOutline: () => import('antd-mobile-icons/es/FolderOutline.js?phone'),
  GiftOutline: () => import('antd-mobile-icons/es/GiftOutline.js?phone'),
  GlobalOutline: () => import('antd-mobile-icons/es/GlobalOutline.js?phone'),
  HandPayCircleOutline: () => import('antd-mobile-icons/es/HandPayCircleOutline.js?phone'),
  HeartOutline: () => import('antd-mobile-icons/es/HeartOutline.js?phone'),
  HistogramOutline: () => import('antd-mobile-icons/es/HistogramOutline.js?phone'),
  InformationCircleOutline: () => import('antd-mobile-icons/es/InformationCircleOutline.js?phone'),
  KeyOutline: () => import('antd-mobile-icons/es/KeyOutline.js?phone'),
  LinkOutline: () => import('antd-mobile-icons/es/LinkOutline.js?phone'),
  LocationOutline: () => import('antd-mobile-icons/es/LocationOutline.js?phone'),
  LockOutline: () => import('antd-mobile-icons/es/LockOutline.js?phone'),
  LoopOutline: () => import('antd-mobile-icons/es/LoopOutline.js?phone'),
  MailOutline: () => import('antd-mobile-icons/es/MailOutline.js?phone'),
  MessageOutline: () => import('antd-mobile-icons/es/MessageOutline.js?phone'),
  PayCircleOutline: () => import('antd-mobile-icons/es/PayCircleOutline.js?phone'),
  PhonebookOutline: () => import('antd-mobile-icons/es/PhonebookOutline.js?phone'),
  PictureOutline: () => import('antd-mobile-icons/es/PictureOutline.js?phone'),
  PicturesOutline: () => import('antd-mobile-icons/es/PicturesOutline.js?phone'),
  PieOutline: () => import('antd-mobile-icons/es/PieOutline.js?phone'),
  PlayOutline: () => import('antd-mobile-icons/es/PlayOutline.js?phone'),
  ReceiptOutline: () => import('antd-mobile-icons/es/ReceiptOutline.js?phone'),
  ReceivePaymentOutline: () => import('antd-mobile-icons/es/ReceivePaymentOutline.js?phone'),
  RedoOutline: () => import('antd-mobile-icons/es/RedoOutline.js?phone'),
  ScanCodeOutline: () => import('antd-mobile-icons/es/ScanCodeOutline.js?phone'),
  ScanningOutline: () => import('antd-mobile-icons/es/ScanningOutline.js?phone'),
  SearchOutline: () => import('antd-mobile-icons/es/SearchOutline.js?phone'),
  SendOutline: () => import('antd-mobile-icons/es/SendOutline.js?phone'),
  SetOutline: () => import('antd-mobile-icons/es/SetOutline.js?phone'),
  ShopbagOutline: () => import('antd-mobile-icons/es/ShopbagOutline.js?phone'),
  ShrinkOutline: () => import('antd-mobile-icons/es/ShrinkOutline.js?phone'),
  SoundOutline: () => import('antd-mobile-icons/es/SoundOutline.js?phone'),
  StarOutline: () => import('antd-mobile-icons/es/StarOutline.js?phone'),
  StopOutline: () => import('antd-mobile-icons/es/StopOutline.js?phone'),
  SystemQRcodeOutline: () => import('antd-mobile-icons/es/SystemQRcodeOutline.js?phone'),
  TagOutline: () => import('antd-mobile-icons/es/TagOutline.js?phone'),
  TeamOutline: () => import('antd-mobile-icons/es/TeamOutline.js?phone'),
  TextOutline: () => import('antd-mobile-icons/es/TextOutline.js?phone'),
  TransportQRcodeOutline: () => import('antd-mobile-icons/es/TransportQRcodeOutline.js?phone'),
  TravelOutline: () => import('antd-mobile-icons/es/TravelOutline.js?phone'),
  TruckOutline: () => import('antd-mobile-icons/es/TruckOutline.js?phone'),
  UndoOutline: () => import('antd-mobile-icons/es/UndoOutline.js?phone'),
  UnlockOutline: () => import('antd-mobile-icons/es/UnlockOutline.js?phone'),
  UnorderedListOutline: () => import('antd-mobile-icons/es/UnorderedListOutline.js?phone'),
  UpCircleOutline: () => import('antd-mobile-icons/es/UpCircleOutline.js?phone'),
  UploadOutline: () => import('antd-mobile-icons/es/UploadOutline.js?phone'),
  UserContactOutline: () => import('antd-mobile-icons/es/UserContactOutline.js?phone'),
  UserSetOutline: () => import('antd-mobile-icons/es/UserSetOutline.js?phone'),
  VideoOutline: () => import('antd-mobile-icons/es/VideoOutline.js?phone'),
};

const loaded = new Map<MenuIconName, LazyExoticComponent<Icon>>();
const WholeSet = lazy(() => import('./menu-icon.tsx').then((m) => ({ default: m.MenuIcon })));

interface Props {
  name: string;
  code?: string;
  className?: string;
  /** a phone (no side menu): fetch this icon alone */
  alone: boolean;
}

export function LazyMenuIcon({ name, code, className, alone }: Props) {
  const fallback = <span className={className} style={{ display: 'inline-block', width: '1em', height: '1em' }} aria-hidden="true" />;
  if (!alone)
    return (
      <Suspense fallback={fallback}>
        <WholeSet name={name} code={code} className={className} />
      </Suspense>
    );
  const icon = menuIconName(name, code);
  let Icon = loaded.get(icon);
  if (!Icon) {
    Icon = lazy(LOADERS[icon]);
    loaded.set(icon, Icon);
  }
  return (
    <Suspense fallback={fallback}>
      <Icon className={className} />
    </Suspense>
  );
}
