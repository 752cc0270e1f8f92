// The zod rules of an edge node: city 2-20, its address, 2-128 cores, 4-1024 GB of memory,
// 100-102400 GB of storage.
import { z } from 'zod';
import { descriptionRule, ipv4Rule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { EDGE_CPU, EDGE_MEMORY, EDGE_STORAGE, edgeNodeKind } from './edge-node.kind.ts';

export const edgeNodeSchemas = defineSchemas(edgeNodeKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    city: z.string().trim().min(2).max(20),
    node_ip: ipv4Rule,
    cpu: z.coerce.number().int().min(EDGE_CPU.min).max(EDGE_CPU.max),
    memory: z.coerce.number().int().min(EDGE_MEMORY.min).max(EDGE_MEMORY.max),
    storage: z.coerce.number().int().min(EDGE_STORAGE.min).max(EDGE_STORAGE.max),
  }),
  actions: {},
});
