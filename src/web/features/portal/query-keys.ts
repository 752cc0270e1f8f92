// Query keys of the portal: a catalogue product in the reader's language.
export const portalKeys = {
  catalogue: () => ['catalogue'] as const,
  product: (id: string, lang: string) => ['catalogue', 'product', id, lang] as const,
};
