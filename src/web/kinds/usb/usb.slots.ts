// USB devices' tab bar (USB 设备 / USB 集线器) above both lists of usbManageTab.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  above: { usbManageTab: {}, usbManageTab_usbManage: {}, usbManageTab_usbManageHub: {} },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: [],
} as const satisfies KindSlots;
