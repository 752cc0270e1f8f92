// Deployment unit (deployUnits): a named placement group in one zone.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const deployUnitKind = defineKind({
  kind: 'deploy_unit',
  collection: 'deploy_units',
  productCode: 'deploy_unit',
  menuOrder: 90,
  routes: { list: 'deployUnits', detail: 'deployDetail' },
  fields: [F.id, F.name, F.status, F.description, F.region, F.az, F.createdAt],
  columns: [C.name, C.status, { field: 'description', display: true }, { field: 'region_id', display: true }, { field: 'az_id', display: true }, C.createdAt],
  filters: [Q.name, Q.status],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.deploy_unit.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: false,
});
