// Each kind's schema module apart (vite.config.ts kindSchemaLoaders, ADR 0078): a loader of the
// `<kind>.schema.ts` that declares a kind's schemas, keyed by the kind.
declare module 'virtual:kind-schemas' {
  /** kind → its folder's schema module (which may declare the schemas of its sibling kinds too) */
  export const KIND_SCHEMAS: Readonly<Record<string, () => Promise<Record<string, unknown>>>>;
}
