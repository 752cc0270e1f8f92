// USB devices' screens in their slots (usb.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './usb.slots.ts';
import { UsbTabs } from './usb-tabs.tsx';

export const screens: KindScreens<typeof slots> = {
  above: { usbManageTab: UsbTabs, usbManageTab_usbManage: UsbTabs, usbManageTab_usbManageHub: UsbTabs },
};
