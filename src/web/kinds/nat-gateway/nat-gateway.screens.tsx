// The NAT gateway's screens in their slots (nat-gateway.slots.ts): one lazy chunk, with the rule
// lists and forms of its tabs (../nat-rules/).
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './nat-gateway.slots.ts';
import { RouteTabsDetail } from './nat-detail.tsx';

export const screens: KindScreens<typeof slots> = { routeTabs: RouteTabsDetail };
