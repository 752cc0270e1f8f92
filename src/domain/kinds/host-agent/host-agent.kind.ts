// Host agents (hostAgentMange, hostAgentDetail; 主机代理): the monitoring and operations agent
// installed on a server — a cloud host or one in the tenant's own machine room — that reports its
// heartbeat, runs commands and collects metrics. Registered by the server's address (one agent per
// address in a tenant) and its system; upgraded to the current version, restarted, or uninstalled.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { IMAGES } from '../instance/instance.kind.ts';

/** The agent version the platform ships today (an upgrade installs it). */
export const HOST_AGENT_LATEST = '3.2.0';
export const HOST_AGENT_VERSIONS = ['2.8.4', '3.0.1', '3.1.5', HOST_AGENT_LATEST] as const;

export const hostAgentKind = defineKind({
  kind: 'host_agent',
  collection: 'host-agents',
  productCode: 'host_agent',
  menuOrder: 192,
  routes: { list: 'hostAgentMange', detail: 'hostAgentDetail' },
  createForm: true,
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'host_ip', source: 'spec', type: 'ip' },
    { key: 'os', source: 'spec', type: 'enum', options: IMAGES },
    { key: 'agent_version', source: 'spec', type: 'enum', options: HOST_AGENT_VERSIONS },
    { key: 'cpu_usage', source: 'spec', type: 'number', unit: 'percent' },
    { key: 'memory_usage', source: 'spec', type: 'number', unit: 'percent' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'host_ip', copyable: true, display: true },
    { field: 'os', display: true },
    { field: 'agent_version', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'os', source: 'spec', key: 'os', type: 'enum' }],
  search: { spec: ['host_ip'] },
  statuses: { stable: ['online', 'offline'], inBetween: ['installing', 'upgrading', 'restarting', 'deleting'], failure: ['error'] },
  create: { inBetween: 'installing', final: 'online' },
  placement: 'own',
  actions: [
    {
      id: 'upgrade',
      allowedFrom: ['online'],
      inBetween: 'upgrading',
      final: SAME,
      refusalKey: 'refusals.host_agent.upgrade',
      permission: 'operate',
      batch: true,
      effects: [{ type: 'set_spec', keys: ['agent_version'] }],
    },
    {
      id: 'restart',
      allowedFrom: ['online', 'offline', 'error'],
      inBetween: 'restarting',
      final: 'online',
      refusalKey: 'refusals.host_agent.restart',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['online', 'offline', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: false,
});
