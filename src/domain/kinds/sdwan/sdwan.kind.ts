// SD-WAN (sdwan: branchManage, routingTemplate). A branch is named by its suffix (the portal puts
// `branch-` before it), has an edge device (model and serial number), an access password (with its
// confirmation; never stored) and a deployment location; it comes online after creation and
// follows a routing template. A template in use cannot be deleted.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const DEVICE_MODELS = ['sdw-100', 'sdw-500', 'sdw-2000'] as const;
export const BRANCH_NAME_PREFIX = 'branch-';

export const sdwanBranchKind = defineKind({
  kind: 'sdwan_branch',
  collection: 'sdwan-branches',
  productCode: 'sdwan_branch',
  menuOrder: 230,
  routes: { list: 'sdwan_branchManage', detail: 'branchDetail', buy: 'branchAdd', others: ['sdwan'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    { key: 'name_suffix', source: 'spec', type: 'text' },
    { key: 'device_model', source: 'spec', type: 'enum', options: DEVICE_MODELS },
    { key: 'device_sn', source: 'spec', type: 'text' },
    { key: 'deployment_location', source: 'spec', type: 'location' },
    { key: 'template_id', source: 'spec', type: 'ref', ref: 'routing_template' },
    F.description,
    F.createdAt,
  ],
  columns: [
    { field: 'name', frozen: true, sortable: true, copyable: true, display: true },
    C.status,
    { field: 'device_model', display: true },
    { field: 'device_sn', copyable: true, display: true },
    { field: 'deployment_location', display: true },
    { field: 'template_id', display: true },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'device_model', source: 'spec', key: 'device_model', type: 'enum' },
    { param: 'device_sn', source: 'spec', key: 'device_sn', type: 'text' },
    { param: 'template_id', source: 'spec', key: 'template_id', type: 'ref' },
  ],
  statuses: { stable: ['online', 'offline'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'online' },
  placement: 'own',
  secret: ['access_password', 'access_password_confirm'],
  actions: [
    {
      id: 'reset_password',
      allowedFrom: ['online', 'offline'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.sdwan_branch.reset_password',
      permission: 'operate',
      hasParams: true,
    },
    {
      id: 'apply_template',
      allowedFrom: ['online'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.sdwan_branch.apply_template',
      permission: 'operate',
      refusals: { offline: 'refusals.sdwan_branch.offline' },
      hasParams: true,
      guards: [{ type: 'target', param: 'template_id', kind: 'routing_template', allowedFrom: ['available'], refusalKey: 'refusals.sdwan_branch.no_template' }],
      effects: [
        { type: 'unlink', relation: 'uses_template', direction: 'out' },
        { type: 'link', relation: 'uses_template', param: 'template_id' },
        { type: 'set_spec', keys: ['template_id'] },
      ],
    },
    {
      id: 'delete',
      allowedFrom: ['online', 'offline', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.sdwan_branch.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [{ relation: 'uses_template', direction: 'out', kind: 'routing_template', many: false }],
  recycle: false,
  priced: false,
});

export const routingTemplateKind = defineKind({
  kind: 'routing_template',
  collection: 'routing-templates',
  productCode: 'routing_template',
  menuOrder: 240,
  routes: { list: 'sdwan_routingTemplate', detail: 'routingTemplateDetail' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    { key: 'routes', source: 'spec', type: 'text' },
    { key: 'branch_count', source: 'spec', type: 'number', unit: 'count' },
    F.description,
    F.createdAt,
  ],
  columns: [C.name, C.status, { field: 'routes', display: true }, { field: 'branch_count', display: true }, C.createdAt],
  filters: [Q.name, Q.status],
  statuses: { stable: ['available'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'set_routes',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.routing_template.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['routes'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.routing_template.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'uses_template', direction: 'in', refusalKey: 'refusals.routing_template.in_use' }],
    },
  ],
  relations: [{ relation: 'uses_template', direction: 'in', kind: 'sdwan_branch', many: true }],
  recycle: false,
  priced: false,
});
