// Assets' own screens (ADR 0053): above the asset list, 导入资产 (an .xlsx) and the template; the
// import's result page (assetImportResult) with a line per row.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: { assetImportResult: { frame: 'asset-import' } },
  above: { assetManage: {} },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: [],
} as const satisfies KindSlots;
