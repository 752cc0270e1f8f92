// The console menu's definitions: groups of entries, each pointing at a route path (`menuUrl`),
// shown for roles or a permission. Apart from menus.ts (which decides with the role table) so that
// the router's rules read the URLs without carrying the role table (the first-load budget, ADR 0014).
import type { Role } from '../roles.ts';

export interface MenuEntryDef {
  code: string;
  menuUrl: string;
  icon: string;
  roles?: readonly Role[];
  /** shown to whoever holds this permission (`action:entity`; from roles or granted policies), besides the roles */
  permission?: string;
}
export interface MenuGroupDef {
  code: string;
  icon: string;
  roles: readonly Role[];
  /** shown to whoever holds this permission, besides the roles (entries without their own inherit it) */
  permission?: string;
  items: readonly MenuEntryDef[];
}

const ALL: readonly Role[] = [
  'super_admin',
  'ops_admin',
  'tenant_admin',
  'security_admin',
  'project_owner',
  'project_approver',
  'project_member',
  'internet_user',
];
const TENANT_USERS: readonly Role[] = ['super_admin', 'ops_admin', 'tenant_admin', 'security_admin', 'project_owner', 'project_approver', 'project_member'];
const ADMINS: readonly Role[] = ['super_admin', 'ops_admin'];
const APPROVERS: readonly Role[] = ['super_admin', 'tenant_admin', 'project_approver', 'project_owner', 'security_admin'];

export const MENU_GROUPS: readonly MenuGroupDef[] = [
  {
    code: 'overview',
    icon: 'home',
    roles: ALL,
    items: [
      { code: 'home', menuUrl: '/homeOperation', icon: 'home' },
      { code: 'resource_general', menuUrl: '/cloudResourceGeneral', icon: 'appstore', roles: TENANT_USERS },
    ],
  },
  {
    code: 'compute',
    icon: 'compute',
    roles: TENANT_USERS,
    items: [
      { code: 'ecs', menuUrl: '/ecsManage', icon: 'compute' },
      { code: 'ecs_admin', menuUrl: '/ecsAdminManage', icon: 'compute', roles: ADMINS },
      { code: 'ecs_recycle', menuUrl: '/ecsRecycle', icon: 'delete' },
      { code: 'bms', menuUrl: '/bmsManage', icon: 'compute' },
      { code: 'cdh', menuUrl: '/cdhManage', icon: 'compute' },
      { code: 'deploy_units', menuUrl: '/deployUnits', icon: 'cluster' },
      { code: 'images', menuUrl: '/publicImage', icon: 'picture' },
      { code: 'snapshots', menuUrl: '/ecsSnapshot', icon: 'camera' },
    ],
  },
  {
    code: 'storage',
    icon: 'storage',
    roles: TENANT_USERS,
    items: [
      { code: 'volume', menuUrl: '/volumeManage', icon: 'storage' },
      { code: 'volume_admin', menuUrl: '/volumeAdminManage', icon: 'storage', roles: ADMINS },
      { code: 'nas', menuUrl: '/nasManage', icon: 'folder' },
      { code: 'oss', menuUrl: '/ossBuckets', icon: 'bucket' },
      { code: 'san', menuUrl: '/sanManage', icon: 'storage' },
    ],
  },
  {
    code: 'network',
    icon: 'network',
    roles: TENANT_USERS,
    items: [
      { code: 'vpc', menuUrl: '/vpc', icon: 'network' },
      { code: 'subnet', menuUrl: '/subnet', icon: 'network' },
      { code: 'vip', menuUrl: '/vip', icon: 'network' },
      { code: 'eip', menuUrl: '/eipManage', icon: 'global' },
      { code: 'share_band', menuUrl: '/shareBand', icon: 'global' },
      { code: 'elb', menuUrl: '/balanceLoad', icon: 'apartment' },
      { code: 'nat', menuUrl: '/natManage', icon: 'swap' },
      { code: 'vpcep', menuUrl: '/vpcepManage', icon: 'link' },
      { code: 'sdwan', menuUrl: '/sdwan', icon: 'branches' },
      { code: 'firewall', menuUrl: '/firewallManage', icon: 'safety' },
    ],
  },
  {
    code: 'database',
    icon: 'database',
    roles: TENANT_USERS,
    items: [
      { code: 'rds', menuUrl: '/database', icon: 'database' },
      { code: 'cache', menuUrl: '/cacheDatabase', icon: 'database' },
      { code: 'document', menuUrl: '/documentDatabase', icon: 'database' },
    ],
  },
  {
    code: 'billing',
    icon: 'money',
    roles: ['super_admin', 'tenant_admin', 'project_owner'],
    permission: 'read:order',
    items: [
      { code: 'cost_center', menuUrl: '/costCenter', icon: 'money' },
      { code: 'tenant_bills', menuUrl: '/tenantBillOverview', icon: 'money', roles: ['super_admin', 'tenant_admin'] },
      { code: 'project_bills', menuUrl: '/projectBillOverview', icon: 'money' },
      { code: 'bill_check', menuUrl: '/billCheck', icon: 'audit', roles: ['super_admin', 'tenant_admin'] },
      { code: 'orders', menuUrl: '/orderManage', icon: 'file' },
      { code: 'cost_seo', menuUrl: '/billCostSeo', icon: 'money' },
      { code: 'project_limits', menuUrl: '/projectLimitManage', icon: 'money', roles: ['super_admin', 'tenant_admin'] },
      { code: 'invoices', menuUrl: '/receiptManage', icon: 'file', roles: [], permission: 'read:invoice' },
      { code: 'contracts', menuUrl: '/contractManage', icon: 'file', roles: [], permission: 'read:contract' },
      { code: 'downloads', menuUrl: '/downloadRecord', icon: 'download' },
    ],
  },
  {
    code: 'approval',
    icon: 'audit',
    roles: APPROVERS,
    permission: 'decide:approval',
    items: [
      { code: 'my_approvals', menuUrl: '/selfApprovalManage', icon: 'audit' },
      { code: 'approval_process', menuUrl: '/approvalManage', icon: 'audit', roles: ['super_admin', 'tenant_admin'] },
    ],
  },
  {
    code: 'operations',
    icon: 'tool',
    roles: ALL,
    items: [
      { code: 'alarms', menuUrl: '/monitorAlarm', icon: 'bell', roles: TENANT_USERS },
      { code: 'work_orders', menuUrl: '/workorderList', icon: 'file' },
      { code: 'feedback', menuUrl: '/opinionList', icon: 'message' },
      { code: 'site_messages', menuUrl: '/siteMessages', icon: 'mail' },
      { code: 'logs', menuUrl: '/logManage', icon: 'file', roles: ['super_admin', 'ops_admin', 'tenant_admin', 'security_admin'] },
    ],
  },
  {
    code: 'management',
    icon: 'setting',
    roles: ['super_admin', 'ops_admin', 'tenant_admin', 'security_admin'],
    items: [
      { code: 'projects', menuUrl: '/projectManage', icon: 'project' },
      { code: 'systems', menuUrl: '/systemManage', icon: 'appstore' },
      { code: 'resource_groups', menuUrl: '/resourceGroupManage', icon: 'folder' },
      { code: 'org_tree', menuUrl: '/standardTreeManage', icon: 'apartment' },
      { code: 'policies', menuUrl: '/policiesManage', icon: 'safety', roles: [], permission: 'read:policy' },
      { code: 'user_groups', menuUrl: '/usersGroupManage', icon: 'team', roles: [], permission: 'read:user' },
      { code: 'tags', menuUrl: '/tagManage', icon: 'tag' },
      { code: 'access_keys', menuUrl: '/accessKeyManage', icon: 'key' },
      { code: 'maas_accounts', menuUrl: '/maasAccountManage', icon: 'key', roles: [], permission: 'read:maas_account' },
    ],
  },
];
