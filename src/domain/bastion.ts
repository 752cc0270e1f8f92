// Bastion-host permissions (issue 15, seed 001 §6, ADR 0030): per user per host, file upload and
// file download. The selection for a host is what the user may do there; an empty selection
// revokes the user's access to that host (the row is deleted, never kept with no right).
import { z } from 'zod';
import { idSchema } from './ids.ts';

/** The kinds a bastion reaches: cloud hosts (云主机). */
export const BASTION_HOST_KINDS = ['instance'] as const;
/** Hosts one request may set for one user (the editing sheet sends the ones it changed). */
export const MAX_HOSTS_PER_CHANGE = 200;

export const BASTION_RIGHTS = ['upload', 'download'] as const;
export type BastionRight = (typeof BASTION_RIGHTS)[number];

export const bastionSelectionSchema = z
  .object({
    host_id: idSchema,
    upload: z.boolean(),
    download: z.boolean(),
  })
  .strict();

export const setBastionPermissionsSchema = z
  .object({
    hosts: z
      .array(bastionSelectionSchema)
      .min(1)
      .max(MAX_HOSTS_PER_CHANGE)
      .refine((hosts) => new Set(hosts.map((h) => h.host_id)).size === hosts.length, { message: 'bastion_host_repeated' }),
  })
  .strict();
export type SetBastionPermissions = z.infer<typeof setBastionPermissionsSchema>;

/** True when the selection leaves the user no right on the host: the grant is revoked. */
export const revokes = (s: { upload: boolean; download: boolean }) => !s.upload && !s.download;
