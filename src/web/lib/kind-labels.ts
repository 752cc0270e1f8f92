// The label of a kind's action in the console's words: the kind's own (kinds:<kind>.actions.<id>),
// else the shared one (resources:actions.<id>). Every screen that offers a kind's action reads it here.
type T = (key: string, opts?: Record<string, unknown>) => string;

export const kindActionLabel = (t: T, kind: string, id: string): string =>
  t(`kinds:${kind}.actions.${id}`, { defaultValue: t(`resources:actions.${id}`, { defaultValue: id }) });
