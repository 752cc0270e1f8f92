// Ids are 32 lowercase hex characters: the router's redirect rule (seed 000 §2) depends on it. Zod-free,
// so a screen that only recognises an id (an approval's summary in the console's frame) does not load
// zod; ids.ts adds the request schema.

export const ID_PATTERN = /^[0-9a-f]{32}$/;
export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** A new id from the platform's CSPRNG (crypto.randomUUID exists in Node and browsers). */
export function newId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
