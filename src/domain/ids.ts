// Ids are 32 lowercase hex characters: the router's redirect rule (seed 000 §2) depends on it.
// The pattern lives in id-pattern.ts (zod-free); this module adds the request schema.
import { z } from 'zod';
import { ID_PATTERN } from './id-pattern.ts';

export { ID_PATTERN, isId, newId } from './id-pattern.ts';
export const idSchema = z.string().regex(ID_PATTERN, { message: 'invalid_format' });
