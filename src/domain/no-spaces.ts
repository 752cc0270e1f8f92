// Seed 000 §5's generic "no spaces" validator: a value that by the product's rules holds no blank —
// an account, a password, a secret key, a bucket or domain name, an English name — is refused when
// a space (a half- or full-width one, a tab, a line break) is inside it, with its own message
// (errors:rules.no_spaces, shown as 'label + message' on blur), instead of the field's general
// format rule. Zod-free, so a screen can check without loading zod; the schemas refine with it.

/** The rule key of the refusal (errors:rules.no_spaces). */
export const NO_SPACES = 'no_spaces';

/** Whether the value holds a blank: space, full-width space (U+3000), tab or line break. */
export const hasSpace = (value: string): boolean => /[\s\u3000]/.test(value);

/** The refinement a schema applies: true when the value holds no blank. */
export const noSpaces = (value: string): boolean => !hasSpace(value);
