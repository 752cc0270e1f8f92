// The access-key screens' calls (issue 15), one helper each, through the shared request helper.
import { del, get, post, put } from '../../lib/request.ts';

const quiet = { isNeedloading: false } as const;

export type KeyState = 'active' | 'disabled' | 'expired' | 'locked';
export interface UserRef {
  account: string;
  nickname: string;
}
export interface AccessKey {
  id: string;
  access_key: string;
  description: string;
  key_type: 'temporary' | 'permanent';
  expires_at: string | null;
  enabled: boolean;
  locked: boolean;
  locked_at: string | null;
  lock_reason: string | null;
  state: KeyState;
  call_count: number;
  last_used_at: string | null;
  created_at: string;
  user_id: string;
  owner?: UserRef;
  bind_user_id: string;
  bind_user?: UserRef;
}
export interface AccessKeyDetail extends AccessKey {
  top_actions: { action: string; calls: number }[];
  daily: { day: string; calls: number }[];
}
export interface Overview {
  total: number;
  active: number;
  disabled: number;
  expired: number;
  locked: number;
  temporary: number;
  permanent: number;
  expiring_soon: number;
  calls: number;
  recent: AccessKey[];
}
export interface KeyRank {
  rank: number;
  id: string;
  access_key: string;
  description: string;
  owner: UserRef;
  calls: number;
}
export interface ActionRank {
  rank: number;
  action: string;
  calls: number;
  keys: number;
}
export interface BindableUser {
  id: string;
  account: string;
  nickname: string;
  roles: string[];
}

export const listKeys = () => get<{ count: number; data: AccessKey[] }>('v1/auth/aksk', { __limit: 100 }, quiet);
export const keyOverview = () => get<Overview>('v1/auth/aksk/overview', undefined, quiet);
export const getKey = (id: string) =>
  get<{ data: AccessKeyDetail; may: { lock: boolean; authorize: boolean; manage: boolean } }>(`v1/auth/aksk/${id}`, undefined, quiet);
export const createKey = (body: { key_type: string; expires_at?: string; description?: string }) =>
  post<{ data: AccessKey; secret: string }>('v1/auth/aksk', body);
export const updateKey = (id: string, body: { enabled?: boolean; description?: string }) => put(`v1/auth/aksk/${id}`, body);
export const deleteKey = (id: string) => del(`v1/auth/aksk/${id}`);
export const lockKey = (id: string, reason: string) => post(`v1/auth/aksk/${id}/lock`, { reason });
export const unlockKey = (id: string) => post(`v1/auth/aksk/${id}/unlock`, {});
export const keyRanking = (days: number) => get<{ days: number; data: KeyRank[] }>('v1/auth/aksk/general/rank', { days }, quiet);
export const actionRanking = (days: number) => get<{ days: number; data: ActionRank[] }>('v1/auth/aksk/statistic', { days }, quiet);
export const bindableUsers = () => get<{ data: BindableUser[] }>('v1/auth/aksk/users', undefined, quiet);
export const authorizeKey = (id: string, bindUserId: string) => put(`v1/auth/aksk/${id}/authorize`, { bind_user_id: bindUserId });

export interface MaasAccount {
  id: string;
  vendor: string;
  name: string;
  remark: string;
  created_at: string;
  key_count: number;
  calls: number;
}
export interface MaasKey {
  id: string;
  account_id: string;
  account_name?: string;
  vendor?: string;
  name: string;
  masked: string;
  enabled: boolean;
  calls: number;
  last_used_at: string | null;
  created_at: string;
}
export const listMaasAccounts = () => get<{ count: number; data: MaasAccount[] }>('v1/maas/accounts', { __limit: 100 }, quiet);
export const getMaasAccount = (id: string) => get<{ data: MaasAccount & { api_keys: MaasKey[] } }>(`v1/maas/accounts/${id}`, undefined, quiet);
export const createMaasAccount = (body: { vendor: string; name: string; remark?: string }) => post<{ data: MaasAccount }>('v1/maas/accounts', body);
export const deleteMaasAccount = (id: string) => del(`v1/maas/accounts/${id}`);
export const listMaasKeys = () => get<{ count: number; data: MaasKey[] }>('v1/maas/api-keys', { __limit: 100 }, quiet);
export const createMaasKey = (body: { account_id: string; name: string }) => post<{ data: MaasKey; secret: string }>('v1/maas/api-keys', body);
export const setMaasKeyEnabled = (id: string, enabled: boolean) => put(`v1/maas/api-keys/${id}`, { enabled });
export const deleteMaasKey = (id: string) => del(`v1/maas/api-keys/${id}`);
