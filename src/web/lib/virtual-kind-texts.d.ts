// The slices of the kinds' texts, cut from locales/zh-CN/kinds.json at build time (vite.config.ts
// kindTexts, ADR 0036): `_common` and one per kind, each a part of the `kinds` namespace.
declare module 'virtual:kind-texts' {
  export const KIND_TEXTS: Readonly<Record<string, () => Promise<Record<string, unknown>>>>;
}
