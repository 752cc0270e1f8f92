// The bastion-permission screen's calls (issue 15, ADR 0030), one helper each, through the shared request helper.
import { get, put } from '../../lib/request.ts';

const quiet = { isNeedloading: false } as const;

export interface BastionHost {
  id: string;
  name: string;
  ip: string | null;
  status: string;
  project_name: string | null;
}
export interface BastionGrant {
  id: string;
  user: { id: string; account: string; nickname: string };
  host: BastionHost;
  upload: boolean;
  download: boolean;
  granted_by: string | null;
  updated_at: string;
}
export interface BastionUser {
  id: string;
  account: string;
  nickname: string;
  grants: BastionGrant[];
}
export interface Selection {
  host_id: string;
  upload: boolean;
  download: boolean;
}

export const listBastionUsers = () => get<{ data: BastionUser[] }>('v1/bastion/users', undefined, quiet);
export const listBastionHosts = () => get<{ data: BastionHost[] }>('v1/bastion/hosts', undefined, quiet);
export const setBastionPermissions = (userId: string, hosts: Selection[]) =>
  put<{ data: BastionGrant[]; granted: number; revoked: number }>(`v1/bastion/users/${userId}/permissions`, { hosts });
