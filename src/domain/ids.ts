// Ids are 32 lowercase hex characters: the router's redirect rule (seed 000 §2) depends on it.
import { z } from 'zod';

export const ID_PATTERN = /^[0-9a-f]{32}$/;
export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
export const idSchema = z.string().regex(ID_PATTERN, { message: 'invalid_format' });

/** A new id from the platform's CSPRNG (crypto.randomUUID exists in Node and browsers). */
export function newId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
