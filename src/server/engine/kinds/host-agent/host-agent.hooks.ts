// Server half of host agents (domain/kinds/host-agent): one agent per server address in a tenant;
// a new agent reports the current version and its first readings.
import { conflict } from '../../../../domain/errors.ts';
import { HOST_AGENT_LATEST, hostAgentKind } from '../../../../domain/kinds/host-agent/host-agent.kind.ts';
import { siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';

export const hostAgentHooks = [
  defineHooks(hostAgentKind, {
    async beforeCreate(c) {
      const ip = String(c.input.host_ip);
      if ((await siblingsBySpec(c.trx, c.tenantId, 'host_agent', 'host_ip', ip)).length) throw conflict('refusals.host_agent.ip_taken', { name: ip });
      Object.assign(c.spec, { agent_version: HOST_AGENT_LATEST, cpu_usage: 3, memory_usage: 21 });
    },
    beforeAction: {
      async upgrade(c) {
        c.params.agent_version = HOST_AGENT_LATEST;
      },
    },
  }),
];
