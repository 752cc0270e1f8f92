// The zod rules of an FTP gateway: the account (3–16 letters, digits or underscores, a letter first)
// and the password (6–8, no spaces or Chinese), the storage quota and port.
import { z } from 'zod';
import { chargingShape, descriptionRule, nameRule, placementShape, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { NO_SPACES, noSpaces } from '../../no-spaces.ts';
import { FTP_ACCOUNT_MAX, FTP_ACCOUNT_MIN, FTP_PASSWORD_MAX, FTP_PASSWORD_MIN, ftpServerKind } from './ftp-server.kind.ts';

const accountRule = z
  .string()
  .trim()
  .refine(noSpaces, { message: NO_SPACES })
  .min(FTP_ACCOUNT_MIN)
  .max(FTP_ACCOUNT_MAX)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: 'ftp_account' });

const passwordRule = z
  .string()
  .refine(noSpaces, { message: NO_SPACES })
  .min(FTP_PASSWORD_MIN)
  .max(FTP_PASSWORD_MAX)
  .regex(/^[\x21-\x7e]+$/, { message: 'ftp_password' });

export const ftpServerSchemas = defineSchemas(ftpServerKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    account: accountRule,
    password: passwordRule,
    size: z.coerce.number().int().min(10).max(10240).default(100),
    port: portRule.optional(),
  }),
  actions: { reset_password: z.object({ password: passwordRule }) },
});
