// Public-cloud accounts (cloudAccountManage, cloudAccountDetail; seed 001 §3 "Cloud account": name,
// AccessKey ID, AccessKey Secret, resource-management project, Chinese name and remark, synced
// regions). A tenant registers the AccessKey of its account at Aliyun, Tencent Cloud, CTyun or
// Huawei Cloud; the cloud checks the key (验证中 → 正常, or 验证失败 when the cloud refuses it) and
// the account then syncs the regions Yunshu may manage through it (at least one, seed 001 §9
// "sync-region needs at least one selection"). The secret is a secret field: sealed by the engine
// (AES-256-GCM) and never answered; the AccessKey ID is shown masked. The account belongs to the
// project it is registered in (its "resource-management project").
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

/** The public vendors an account can be registered for (private clouds are connected by operations, not tenants). */
export const CLOUD_ACCOUNT_VENDORS = ['ali', 'tencent', 'ctyun', 'hwyun'] as const;
/** 「LTAI5t****Xk9d」: the first six and last four characters of an AccessKey ID. */
export function maskAccessKeyId(id: string): string {
  return id.length <= 10 ? `${id.slice(0, 2)}****` : `${id.slice(0, 6)}****${id.slice(-4)}`;
}

export const cloudAccountKind = defineKind({
  kind: 'cloud_account',
  collection: 'cloud-accounts',
  productCode: 'cloud_account',
  menuOrder: 390,
  // vendor AccessKeys: administered by tenant administrators, not by the project's members (roles.ts)
  entity: 'cloud_account',
  routes: { list: 'cloudAccountManage', detail: 'cloudAccountDetail' },
  menu: { group: 'management', code: 'cloud_accounts', icon: 'key' },
  fields: [
    F.id,
    F.name,
    { key: 'cn_name', source: 'spec', type: 'text' },
    F.status,
    { ...F.vendor, options: CLOUD_ACCOUNT_VENDORS },
    { key: 'access_key_mask', source: 'spec', type: 'text' },
    { key: 'secret_state', source: 'spec', type: 'enum', options: ['set'] },
    { key: 'region_names', source: 'spec', type: 'text' },
    { key: 'region_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'synced_at', source: 'spec', type: 'datetime' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    { field: 'cn_name', display: true },
    C.status,
    C.vendor,
    { field: 'access_key_mask', display: true },
    { field: 'region_count', display: true },
    { field: 'synced_at', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['available'], inBetween: ['verifying', 'syncing', 'deleting'], failure: ['error'] },
  create: { inBetween: 'verifying', final: 'available' },
  placement: 'vendor',
  secret: ['access_key_secret'],
  derive: (spec) => (typeof spec.access_key_id === 'string' ? { access_key_mask: maskAccessKeyId(spec.access_key_id), secret_state: 'set' } : {}),
  actions: [
    {
      id: 'sync_regions',
      allowedFrom: ['available'],
      inBetween: 'syncing',
      final: 'available',
      refusalKey: 'refusals.cloud_account.sync',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['region_ids', 'region_names', 'region_count', 'synced_at'] }],
    },
    {
      id: 'modify',
      allowedFrom: ['available', 'error'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['cn_name', 'description'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [],
  createForm: true,
  recycle: false,
  priced: false,
});
