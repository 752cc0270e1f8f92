import { z } from 'zod';

/** Routes whose custom columns are not persisted (seed 000 §2 "Shared list page"). */
export const NON_PERSISTENT_COLUMN_ROUTES = [
  'databaseDetail_account',
  'databaseDetail_database',
  'officeServiceManage',
  'operationServiceManage',
  'safeServiceManage',
  'siteMessasgesSet',
] as const;

export const persistentFieldsSchema = z.object({
  route: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_/-]+$/, { message: 'invalid_format' })
    .refine((r) => !(NON_PERSISTENT_COLUMN_ROUTES as readonly string[]).includes(r), { message: 'persistence_unsupported' }),
  fields_item: z.string().min(1).max(8000),
});

export { CHARGING_CODES, DURATION_MONTHS } from '../charging.ts';
