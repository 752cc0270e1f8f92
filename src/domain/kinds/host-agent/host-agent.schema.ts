// The zod rules of a host agent: the server's IPv4 address and system; an upgrade installs the
// current version (the server half sets it).
import { z } from 'zod';
import { descriptionRule, ipv4Rule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { IMAGES } from '../instance/instance.kind.ts';
import { hostAgentKind } from './host-agent.kind.ts';

export const hostAgentSchemas = defineSchemas(hostAgentKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    host_ip: ipv4Rule,
    os: z.enum(IMAGES),
  }),
  actions: {},
});
