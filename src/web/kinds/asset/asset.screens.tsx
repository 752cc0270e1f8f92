// Assets' screens in their slots (asset.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './asset.slots.ts';
import { AssetImportBar, AssetImportResultPage } from './asset-import.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { assetImportResult: AssetImportResultPage },
  above: { assetManage: AssetImportBar },
};
