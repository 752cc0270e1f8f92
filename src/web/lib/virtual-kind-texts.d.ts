// The slices of the kinds' texts, cut from locales/zh-CN/kinds.json at build time (vite.config.ts
// kindTexts, ADR 0036): `_common` and one per kind, each a part of the `kinds` namespace.
declare module 'virtual:kind-texts' {
  export const KIND_TEXTS: Readonly<Record<string, () => Promise<Record<string, unknown>>>>;
}
/** The common slice alone (statuses, vendors, options, every kind's name): pages that show those and no kind's own texts. */
declare module 'virtual:kind-texts/_common' {
  const texts: Record<string, unknown>;
  export default texts;
}
