// Endpoint services and endpoints (server half): a ready backend in the service's VPC; an endpoint
// takes an address of its subnet and counts on its service (both given back on removal).
import { conflict, notFound } from '../../../../domain/errors.ts';
import { vpcEndpointKind, vpcepServiceKind } from '../../../../domain/kinds/vpc-endpoint/vpc-endpoint.kind.ts';
import { lockScoped } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';
import { bumpCount, releaseSubnetIp, takeSubnetIp } from '../hook-helpers.ts';

export const vpcEndpointHooks = [
  defineHooks(vpcepServiceKind, {
    async beforeCreate(c) {
      const scope = { tenantId: c.tenantId, projectId: c.projectId };
      const backend = await lockScoped(c.trx, scope, String(c.input.backend_id), String(c.input.backend_type));
      if (!backend) throw notFound();
      const ready = c.input.backend_type === 'instance' ? ['running', 'stopped'] : ['running'];
      if (!ready.includes(backend.status) || backend.spec.vpc_id !== c.input.vpc_id) throw conflict('refusals.vpcep_service.backend_unavailable');
      Object.assign(c.spec, { service_name: `com.yunshu.${c.placement.vendor}.${c.id.slice(0, 12)}`, endpoint_count: 0 });
    },
  }),
  defineHooks(vpcEndpointKind, {
    async beforeCreate(c) {
      const service = c.parents.service_id!;
      const subnet = c.parents.subnet_id!;
      c.spec.service_name = service.spec.service_name ?? null;
      c.spec.vpc_id = subnet.spec.vpc_id ?? null;
      c.spec.ip_address = await takeSubnetIp(c.trx, subnet);
      await bumpCount(c.trx, service.id, 'endpoint_count', 1);
    },
    async beforeRemove(trx, row) {
      await releaseSubnetIp(trx, row.spec.subnet_id);
      await bumpCount(trx, row.spec.service_id, 'endpoint_count', -1);
    },
  }),
];
