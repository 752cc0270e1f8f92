// The console menu's definitions: groups of entries, each pointing at a route path (`menuUrl`) and
// naming its page's list call (`list`, `METHOD url` as the API registers it). An entry is shown to
// whoever the access guard lets make that call: the server reads the route's declared permission
// (guard.ts declaredRoutes), so the menu and the guard cannot disagree (issue 15, ADR 0021). Only an
// entry whose list call is `self` (the handler narrows to the caller's rows) or narrower in its
// handler than its declaration says names its own `permission`, with the reason beside it.
// No role lists here, and no role table: the router's rules read the URLs from this module without
// carrying the roles (the first-load budget, ADR 0014).

export interface MenuEntryDef {
  code: string;
  menuUrl: string;
  icon: string;
  /** the page's list call, `GET /api/…` as registered: the entry needs what the guard checks there */
  list: string;
  /** what the entry needs instead of the list call's declaration (only where that is `self` or wider than the handler) */
  permission?: string | readonly string[];
}
export interface MenuGroupDef {
  code: string;
  icon: string;
  items: readonly MenuEntryDef[];
}

/** the pages of services without their own API yet read the generic resource list */
const RESOURCES = 'GET /api/v1/resources';

export const MENU_GROUPS: readonly MenuGroupDef[] = [
  {
    code: 'overview',
    icon: 'home',
    items: [
      // the console home needs a session only (it reads the caller's menus)
      { code: 'home', menuUrl: '/homeOperation', icon: 'home', list: 'GET /api/v1/menus' },
      { code: 'resource_general', menuUrl: '/cloudResourceGeneral', icon: 'appstore', list: RESOURCES },
      { code: 'custom_overview', menuUrl: '/cloudCustom', icon: 'appstore', list: 'GET /api/v1/dashboards/summary' },
      { code: 'capacity', menuUrl: '/clusterViewMore', icon: 'compute', list: 'GET /api/v1/dashboards/capacity' },
    ],
  },
  {
    code: 'compute',
    icon: 'compute',
    items: [
      { code: 'ecs', menuUrl: '/ecsManage', icon: 'compute', list: 'GET /api/instances' },
      { code: 'ecs_admin', menuUrl: '/ecsAdminManage', icon: 'compute', list: 'GET /api/v1/manage/instances' },
      { code: 'ecs_recycle', menuUrl: '/ecsRecycle', icon: 'delete', list: 'GET /api/v1/recyclebin' },
      { code: 'bms', menuUrl: '/bmsManage', icon: 'compute', list: 'GET /api/phyhosts' },
      { code: 'cdh', menuUrl: '/cdhManage', icon: 'compute', list: 'GET /api/dedicated_hosts' },
      { code: 'deploy_units', menuUrl: '/deployUnits', icon: 'cluster', list: 'GET /api/deploy_units' },
      { code: 'images', menuUrl: '/publicImage', icon: 'picture', list: 'GET /api/images' },
      { code: 'snapshots', menuUrl: '/ecsSnapshot', icon: 'camera', list: 'GET /api/snapshots' },
      { code: 'host_console', menuUrl: '/ecsCaeHostConnect', icon: 'compute', list: 'GET /api/instances' },
      { code: 'host_agent', menuUrl: '/hostAgentMange', icon: 'tool', list: 'GET /api/host-agents' },
      { code: 'pgyun', menuUrl: '/pgyunManage', icon: 'link', list: 'GET /api/pgyun-devices' },
      { code: 'edge', menuUrl: '/edge', icon: 'cluster', list: 'GET /api/edge-nodes' },
      { code: 'machine_room', menuUrl: '/machineRoomManage', icon: 'apartment', list: 'GET /api/machine-rooms' },
      { code: 'asset', menuUrl: '/assetManage', icon: 'appstore', list: 'GET /api/assets' },
    ],
  },
  {
    code: 'storage',
    icon: 'storage',
    items: [
      { code: 'volume', menuUrl: '/volumeManage', icon: 'storage', list: 'GET /api/volumes' },
      { code: 'volume_admin', menuUrl: '/volumeAdminManage', icon: 'storage', list: 'GET /api/v1/manage/volumes' },
      { code: 'nas', menuUrl: '/nasManage', icon: 'folder', list: RESOURCES },
      { code: 'oss', menuUrl: '/ossBuckets', icon: 'bucket', list: RESOURCES },
      { code: 'san', menuUrl: '/sanManage', icon: 'storage', list: RESOURCES },
      // snapshot chains and consistency groups, file transfer and cloud move (ADR 0064)
      { code: 'volume_snapshot', menuUrl: '/volumeSnapshot/snapshotChain', icon: 'camera', list: 'GET /api/snapshots' },
      { code: 'file_transfer', menuUrl: '/fireTransferManage', icon: 'swap', list: RESOURCES },
      { code: 'cloud_move', menuUrl: '/cloudMoveInstance', icon: 'swap', list: RESOURCES },
    ],
  },
  {
    code: 'network',
    icon: 'network',
    items: [
      { code: 'vpc', menuUrl: '/vpc', icon: 'network', list: 'GET /api/vpcs' },
      { code: 'subnet', menuUrl: '/subnet', icon: 'network', list: 'GET /api/subnets' },
      { code: 'vip', menuUrl: '/vip', icon: 'network', list: 'GET /api/vips' },
      { code: 'eip', menuUrl: '/eipManage', icon: 'global', list: 'GET /api/eips' },
      { code: 'share_band', menuUrl: '/shareBand', icon: 'global', list: 'GET /api/shared-bandwidths' },
      { code: 'access_bandwidth', menuUrl: '/closureManage', icon: 'global', list: 'GET /api/access-bandwidths' },
      { code: 'elb', menuUrl: '/balanceLoad', icon: 'apartment', list: 'GET /api/load-balances' },
      { code: 'nat', menuUrl: '/natManage', icon: 'swap', list: 'GET /api/nat_gateways' },
      { code: 'vpcep', menuUrl: '/vpcepManage', icon: 'link', list: 'GET /api/vpcep' },
      { code: 'sdwan', menuUrl: '/sdwan', icon: 'branches', list: 'GET /api/sdwan-branches' },
      { code: 'firewall', menuUrl: '/firewallManage', icon: 'safety', list: 'GET /api/firewall-policies' },
      { code: 'bastion', menuUrl: '/fortproperty', icon: 'safety', list: 'GET /api/v1/bastion/users' },
    ],
  },
  {
    code: 'database',
    icon: 'database',
    items: [
      { code: 'rds', menuUrl: '/database', icon: 'database', list: RESOURCES },
      { code: 'cache', menuUrl: '/cacheDatabase', icon: 'database', list: RESOURCES },
      { code: 'document', menuUrl: '/documentDatabase', icon: 'database', list: RESOURCES },
      { code: 'dts', menuUrl: '/dtsManage', icon: 'database', list: 'GET /api/v1/migrations' },
      { code: 'dtc', menuUrl: '/dtc/dtcManage', icon: 'database', list: 'GET /api/v1/migrations' },
      { code: 'backup_center', menuUrl: '/backupCenter/files', icon: 'database', list: 'GET /api/v1/backup-center/products' },
    ],
  },
  {
    code: 'billing',
    icon: 'money',
    items: [
      { code: 'cost_center', menuUrl: '/costCenter', icon: 'money', list: 'GET /api/v1/cloud/cost-center' },
      // the tenant's bills: the handler answers tenant and platform roles only (a project role gets its
      // project's bills); the tenant's money is what read:cost_strategy covers
      {
        code: 'tenant_bills',
        menuUrl: '/tenantBillOverview',
        icon: 'money',
        list: 'GET /api/v1/cloud/bills/tenants/monthly',
        permission: 'read:cost_strategy',
      },
      { code: 'project_bills', menuUrl: '/projectBillOverview', icon: 'money', list: 'GET /api/v1/cloud/bills/projects/monthly' },
      { code: 'bill_check', menuUrl: '/billCheck', icon: 'audit', list: 'GET /api/v1/cloud/bills/tenants/checks', permission: 'read:cost_strategy' },
      { code: 'orders', menuUrl: '/orderManage', icon: 'file', list: 'GET /api/v1/cloud/orders' },
      { code: 'cost_seo', menuUrl: '/billCostSeo', icon: 'money', list: 'GET /api/v1/cloud/cost_optimize/strategies' },
      { code: 'project_limits', menuUrl: '/projectLimitManage', icon: 'money', list: 'GET /api/v1/cloud/project-limits' },
      { code: 'invoices', menuUrl: '/receiptManage', icon: 'file', list: 'GET /api/v1/invoices' },
      { code: 'contracts', menuUrl: '/contractManage', icon: 'file', list: 'GET /api/v1/contracts' },
      { code: 'downloads', menuUrl: '/downloadRecord', icon: 'download', list: 'GET /api/v1/export/resource/download_files' },
    ],
  },
  {
    code: 'approval',
    icon: 'audit',
    items: [
      // the list is `self` (requesters see their own, approvers their inbox): the page is for who reads approvals
      { code: 'my_approvals', menuUrl: '/selfApprovalManage', icon: 'audit', list: 'GET /api/v1/approvals', permission: 'read:approval' },
      // the processes are read by every approver (the request flow needs them); the page edits them
      { code: 'approval_process', menuUrl: '/approvalManage', icon: 'audit', list: 'GET /api/v1/approval_process', permission: 'manage:approval_process' },
    ],
  },
  {
    code: 'operations',
    icon: 'tool',
    items: [
      { code: 'alarms', menuUrl: '/monitorAlarm', icon: 'bell', list: 'GET /api/v1/alarms' },
      { code: 'work_orders', menuUrl: '/workorderList', icon: 'file', list: 'GET /api/v1/workorders' },
      { code: 'feedback', menuUrl: '/opinionList', icon: 'message', list: 'GET /api/v1/opinions' },
      { code: 'icp', menuUrl: '/isp', icon: 'global', list: 'GET /api/v1/isps' },
      { code: 'service_catalogue', menuUrl: '/serviceSetting', icon: 'appstore', list: 'GET /api/v1/service-catalog/entries' },
      { code: 'security_scan', menuUrl: '/leakOverview', icon: 'safety', list: 'GET /api/v1/security/vulns' },
      { code: 'stacks', menuUrl: '/visualResourceManage', icon: 'appstore', list: 'GET /api/v1/stacks' },
      { code: 'site_messages', menuUrl: '/siteMessages', icon: 'mail', list: 'GET /api/v1/site_messages' },
      // the log is `self` (everyone's own lines); the page is the auditors'
      { code: 'logs', menuUrl: '/logManage', icon: 'file', list: 'GET /api/v1/operation-logs', permission: 'read:oplog' },
    ],
  },
  {
    code: 'management',
    icon: 'setting',
    items: [
      { code: 'projects', menuUrl: '/projectManage', icon: 'project', list: 'GET /api/v1/manage/projects' },
      { code: 'systems', menuUrl: '/systemManage', icon: 'appstore', list: 'GET /api/v1/systems' },
      { code: 'resource_groups', menuUrl: '/resourceGroupManage', icon: 'folder', list: 'GET /api/v1/auth/resource_groups' },
      { code: 'org_tree', menuUrl: '/standardTreeManage', icon: 'apartment', list: 'GET /api/v1/org/tree' },
      { code: 'policies', menuUrl: '/policiesManage', icon: 'safety', list: 'GET /api/v1/cloud/policies' },
      { code: 'user_groups', menuUrl: '/usersGroupManage', icon: 'team', list: 'GET /api/v1/cloud/users' },
      { code: 'tags', menuUrl: '/tagManage', icon: 'tag', list: 'GET /api/v1/manage/tags' },
      { code: 'access_keys', menuUrl: '/accessKeyManage', icon: 'key', list: 'GET /api/v1/auth/aksk' },
      { code: 'maas_accounts', menuUrl: '/maasAccountManage', icon: 'key', list: 'GET /api/v1/maas/accounts' },
    ],
  },
];
