// A cloud host's screens in their slots (instance.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './instance.slots.ts';
import { RemoteConnect } from './remote-connect.tsx';

export const screens: KindScreens<typeof slots> = {
  above: { ecsDetail: RemoteConnect },
};
