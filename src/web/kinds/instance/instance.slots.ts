// A cloud host's own piece (ADR 0053): above its detail, 远程连接 opens the host's web console
// (/ecsCaeHostConnect/{id}, issue 30).
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  above: { ecsDetail: { id: true } },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: [],
} as const satisfies KindSlots;
