// Deployment unit (deployUnits): a named placement group in one zone.
import { z } from 'zod';
import type { KindDefinition } from './kind.ts';
import { REMOVED } from './kind.ts';
import { descriptionRule, nameRule, placementShape } from './rules.ts';

export const deployUnitKind: KindDefinition = {
  kind: 'deploy_unit',
  collection: 'deploy_units',
  productCode: 'deploy_unit',
  routes: { list: 'deployUnits', detail: 'deployDetail' },
  fields: [
    { key: 'id', source: 'column', type: 'text' },
    { key: 'name', source: 'column', type: 'text' },
    { key: 'status', source: 'column', type: 'status' },
    { key: 'description', source: 'spec', type: 'text' },
    { key: 'region_id', source: 'column', type: 'ref', ref: 'region' },
    { key: 'az_id', source: 'column', type: 'ref', ref: 'az' },
    { key: 'created_at', source: 'column', type: 'datetime' },
  ],
  columns: [
    { field: 'name', frozen: true, sortable: true, display: true, editable: true },
    { field: 'status', sortable: true, display: true },
    { field: 'description', display: true },
    { field: 'region_id', display: true },
    { field: 'az_id', display: true },
    { field: 'created_at', sortable: true, display: true },
  ],
  filters: [
    { param: 'name', source: 'column', key: 'name', type: 'text' },
    { param: 'status', source: 'column', key: 'status', type: 'enum' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: z.object({ name: nameRule(), description: descriptionRule, ...placementShape }),
  placement: 'own',
  actions: [
    { id: 'delete', allowedFrom: ['available', 'error'], inBetween: 'deleting', final: REMOVED, refusalKey: 'refusals.deploy_unit.delete', permission: 'delete', batch: true, dialog: 'delete' },
  ],
  relations: [],
  recycle: false,
  priced: false,
};
