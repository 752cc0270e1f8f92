// SD-WAN (sdwan: branchManage, routingTemplate). A branch is named by its suffix (the portal puts
// `branch-` before it), has an edge device (model and serial number), an access password (with its
// confirmation; never stored) and a deployment location; it comes online after creation and
// follows a routing template. A template in use cannot be deleted.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { cidrRule, descriptionRule, nameRule, passwordRule, placementShape } from '../rules.ts';
import { C, F, Q } from '../common.ts';

export const DEVICE_MODELS = ['sdw-100', 'sdw-500', 'sdw-2000'] as const;
export const NEXT_HOPS = ['hub', 'local', 'internet'] as const;
export const BRANCH_NAME_PREFIX = 'branch-';

/** Letters, digits, hyphens and Chinese, 2–20 characters. */
export const nameSuffixRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9\u4e00-\u9fa5-]{2,20}$/, { message: 'name_suffix' });
/** Serial number: 8–32 upper-case letters and digits. */
export const deviceSnRule = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{8,32}$/, { message: 'device_sn' });

const passwordPair = {
  access_password: passwordRule,
  access_password_confirm: z.string().max(64),
};
const samePassword = (v: { access_password: string; access_password_confirm: string }) => v.access_password === v.access_password_confirm;

export const locationSchema = z.object({
  province: z.string().trim().min(1).max(32),
  city: z.string().trim().min(1).max(32),
  district: z.string().trim().min(1).max(32).optional(),
  address: z.string().trim().min(1).max(100),
});

export const branchCreateSchema = z
  .object({
    name_suffix: nameSuffixRule,
    description: descriptionRule,
    ...placementShape,
    device_model: z.enum(DEVICE_MODELS),
    device_sn: deviceSnRule,
    ...passwordPair,
    deployment_location: locationSchema,
  })
  .refine(samePassword, { path: ['access_password_confirm'], message: 'password_confirm' });

export const routesRule = z
  .array(
    z.object({
      destination: cidrRule(0, 32),
      next_hop: z.enum(NEXT_HOPS),
      priority: z.coerce.number().int().min(1).max(100).default(50),
    }),
  )
  .min(1)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((r, i) => {
      if (seen.has(r.destination)) ctx.addIssue({ code: 'custom', path: [i, 'destination'], message: 'route_repeated' });
      seen.add(r.destination);
    });
  });

export const sdwanBranchKind = defineKind({
  kind: 'sdwan_branch',
  collection: 'sdwan-branches',
  productCode: 'sdwan_branch',
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
  createSchema: branchCreateSchema as unknown as z.ZodObject<any>,
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
      params: z.object(passwordPair).refine(samePassword, { path: ['access_password_confirm'], message: 'password_confirm' }) as unknown as z.ZodObject<any>,
    },
    {
      id: 'apply_template',
      allowedFrom: ['online'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.sdwan_branch.apply_template',
      permission: 'operate',
      refusals: { offline: 'refusals.sdwan_branch.offline' },
      params: z.object({ template_id: idSchema }),
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
  createSchema: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, routes: routesRule }),
  placement: 'own',
  actions: [
    {
      id: 'set_routes',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.routing_template.edit',
      permission: 'update',
      params: z.object({ routes: routesRule }),
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
