// CDN accelerated domains (cdnTab: cdnManage, cdnWatch; cdnAdd; cdnDetail): business type,
// acceleration region, origins (primary / backup, weight) on port 80 or 443, the CNAME to point
// the domain at, and HTTPS with a certificate from the SSL certificate store (a ref, checked to
// cover the domain). 配置中 → 已启用; disabled (停用) before it can be deleted.
import type { KindDefinition } from '../kind.ts';
import { REMOVED, SAME } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const CDN_BUSINESS_TYPES = ['web', 'download', 'media', 'dynamic'] as const;
export const CDN_REGIONS = ['mainland', 'overseas', 'global'] as const;

export const cdnDomainKind: KindDefinition = {
  kind: 'cdn_domain',
  collection: 'cdn-domains',
  productCode: 'cdn_domain',
  menuOrder: 300,
  routes: { list: 'cdnTab_cdnManage', detail: 'cdnDetail', buy: 'cdnAdd', others: ['cdnTab'] },
  fields: [
    F.id,
    { key: 'name', source: 'column', type: 'text' },
    F.status,
    { key: 'cname', source: 'spec', type: 'text' },
    { key: 'business_type', source: 'spec', type: 'enum', options: CDN_BUSINESS_TYPES },
    { key: 'region', source: 'spec', type: 'enum', options: CDN_REGIONS },
    { key: 'origins', source: 'spec', type: 'text' },
    { key: 'origin_port', source: 'spec', type: 'number' },
    { key: 'https', source: 'spec', type: 'boolean' },
    { key: 'certificate_id', source: 'spec', type: 'ref', ref: 'ssl_certificate' },
    F.vendor,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'cname', copyable: true, display: true },
    { field: 'business_type', display: true },
    { field: 'region', display: true },
    { field: 'https', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    Q.provider,
    { param: 'business_type', source: 'spec', key: 'business_type', type: 'enum' },
    { param: 'certificate_id', source: 'spec', key: 'certificate_id', type: 'ref' },
  ],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['configuring', 'enabling', 'disabling', 'deleting'], failure: ['error'] },
  create: { inBetween: 'configuring', final: 'enabled' },
  placement: 'own',
  actions: [
    {
      id: 'set_https',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: 'configuring',
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'operate',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['https', 'certificate_id'] }],
    },
    {
      id: 'disable',
      allowedFrom: ['enabled'],
      inBetween: 'disabling',
      final: 'disabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      dialog: 'disable',
      batch: true,
    },
    {
      id: 'enable',
      allowedFrom: ['disabled'],
      inBetween: 'enabling',
      final: 'enabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      dialog: 'enable',
      batch: true,
    },
    {
      id: 'delete',
      allowedFrom: ['disabled', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.cdn_domain.delete',
      permission: 'delete',
      dialog: 'delete',
      batch: true,
    },
  ],
  relations: [{ relation: 'task_of', direction: 'in', kind: 'cdn_task', many: true }],
  recycle: false,
  priced: false,
};
