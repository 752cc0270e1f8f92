// Resource stacks and their templates (issue 31; seed 001 §1 "Orchestration"): a template is a graph
// of nodes — each a resource kind with the part of its purchase body a template fixes — and edges
// that connect them (a subnet in its VPC, a host in its subnet, an EIP bound to a host, a disk
// mounted on a host). Its nodes are checked with the very create schemas the engine uses
// (src/domain/kinds/<kind>/<kind>.schema.ts), so the editor refuses on the phone what the API
// refuses, node by node and field by field. A stack is a template deployed in one zone: the server
// creates each resource through the engine in dependency order (docs/decisions/0069-*.md).
import { z } from 'zod';
import { parseCidr } from './kinds/cidr.ts';
import { eipSchemas } from './kinds/eip/eip.schema.ts';
import { instanceSchemas } from './kinds/instance/instance.schema.ts';
import { FLAVOR_IDS, IMAGES, DISK_TYPES } from './kinds/instance/instance.kind.ts';
import { subnetCidrProblem } from './kinds/subnet/subnet.rules.ts';
import { subnetSchemas } from './kinds/subnet/subnet.schema.ts';
import { volumeSchemas } from './kinds/volume/volume.schema.ts';
import { vpcSchemas } from './kinds/vpc/vpc.schema.ts';
import { nameRule } from './kinds/rules.ts';

export const STACKS_URL = '/api/v1/stacks';
export const STACK_TEMPLATES_URL = '/api/v1/stack-templates';

/** The kinds a template may hold, in the palette's order. */
export const STACK_KINDS = ['vpc', 'subnet', 'instance', 'eip', 'volume'] as const;
export type StackKind = (typeof STACK_KINDS)[number];
export const isStackKind = (k: string): k is StackKind => (STACK_KINDS as readonly string[]).includes(k);

/** The engine's create schema of each kind a template may hold (the same objects the server loads). */
export const STACK_SCHEMAS: Readonly<Record<StackKind, z.ZodType>> = {
  vpc: vpcSchemas.create,
  subnet: subnetSchemas.create,
  instance: instanceSchemas.create,
  eip: eipSchemas.create,
  volume: volumeSchemas.create,
};

/**
 * How a node of `from` connects to a node of `to`: at create (the parent's id fills `param` of the
 * create body, so the parent is made first) or by an action of the engine once both exist (an EIP's
 * bind, a disk's mount). `required`: a node of `from` cannot be made without it.
 */
export interface Connection {
  from: StackKind;
  to: StackKind;
  param: string;
  mode: 'create' | 'action';
  action?: string;
  required: boolean;
}
export const CONNECTIONS: readonly Connection[] = [
  { from: 'subnet', to: 'vpc', param: 'vpc_id', mode: 'create', required: true },
  { from: 'instance', to: 'subnet', param: 'subnet_id', mode: 'create', required: true },
  { from: 'eip', to: 'instance', param: 'instance_id', mode: 'action', action: 'bind', required: false },
  { from: 'volume', to: 'instance', param: 'instance_id', mode: 'action', action: 'mount', required: false },
];
export const connectionOf = (from: string, to: string) => CONNECTIONS.find((c) => c.from === from && c.to === to);

/** The fields a template fixes per kind (the rest — zone, parents, password — come at deploy). */
export interface StackField {
  key: string;
  type: 'text' | 'number' | 'enum';
  options?: readonly string[];
  unit?: 'gb' | 'mbps';
}
export const STACK_FIELDS: Readonly<Record<StackKind, readonly StackField[]>> = {
  vpc: [{ key: 'cidr', type: 'text' }],
  subnet: [{ key: 'cidr', type: 'text' }],
  instance: [
    { key: 'image', type: 'enum', options: IMAGES },
    { key: 'flavor', type: 'enum', options: FLAVOR_IDS },
    { key: 'system_disk_size', type: 'number', unit: 'gb' },
  ],
  eip: [
    { key: 'bandwidth', type: 'number', unit: 'mbps' },
    { key: 'line', type: 'enum', options: ['bgp', 'static_bgp'] },
  ],
  volume: [
    { key: 'size', type: 'number', unit: 'gb' },
    { key: 'volume_type', type: 'enum', options: DISK_TYPES },
  ],
};
/** What a new node of each kind starts with in the editor. */
export const STACK_DEFAULTS: Readonly<Record<StackKind, Record<string, string | number>>> = {
  vpc: { cidr: '10.0.0.0/16' },
  subnet: { cidr: '10.0.1.0/24' },
  instance: { image: 'centos-7.9', flavor: 's6.medium.2', system_disk_size: 40 },
  eip: { bandwidth: 5, line: 'bgp' },
  volume: { size: 100, volume_type: 'ssd' },
};

export const STACK_LIMITS = { nodes: 20, edges: 40, templates: 50 } as const;
const KEY = /^[a-z][a-z0-9_-]{0,31}$/;

export const stackNodeSchema = z
  .object({
    key: z.string().regex(KEY, { message: 'invalid_format' }),
    kind: z.string().min(1).max(40),
    name: nameRule(),
    spec: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()])).default({}),
    /** the node's place on the canvas (px from the top left) */
    x: z.number().int().min(0).max(4000).default(0),
    y: z.number().int().min(0).max(4000).default(0),
  })
  .strict();
export const stackEdgeSchema = z.object({ from: z.string().regex(KEY), to: z.string().regex(KEY) }).strict();

export const stackTemplateSchema = z
  .object({
    name: nameRule(2, 40),
    description: z.string().trim().max(200).default(''),
    nodes: z.array(stackNodeSchema).min(1, { message: 'stack_empty' }).max(STACK_LIMITS.nodes),
    edges: z.array(stackEdgeSchema).max(STACK_LIMITS.edges).default([]),
  })
  .strict();
export type StackTemplateInput = z.input<typeof stackTemplateSchema>;
export type StackGraph = z.infer<typeof stackTemplateSchema>;
export type StackNode = StackGraph['nodes'][number];
export type StackEdge = StackGraph['edges'][number];

/** A problem of a template: the node it is on (none for the whole graph), the field, a rule key of errors:stacks.* or errors:rules.*. */
export interface StackIssue {
  node: string | null;
  field: string | null;
  rule: string;
  params?: Record<string, string | number>;
}

// Values that stand in for what only the deploy gives (zone, parents, password) while a node is checked.
const STAND_IN_ID = '0'.repeat(32);
const STAND_IN = { vendor: 'openstack', region_id: STAND_IN_ID, az_id: STAND_IN_ID, subnet_id: STAND_IN_ID, vpc_id: STAND_IN_ID, password: 'StandIn123' };

/** The issues of one node's spec under its kind's create schema (fields a template does not fix are stood in for). */
export function nodeSpecIssues(node: Pick<StackNode, 'key' | 'kind' | 'name' | 'spec'>): StackIssue[] {
  if (!isStackKind(node.kind)) return [{ node: node.key, field: null, rule: 'stack_kind_unknown', params: { kind: node.kind } }];
  const allowed = new Set(STACK_FIELDS[node.kind].map((f) => f.key));
  const extra = Object.keys(node.spec).find((k) => !allowed.has(k));
  if (extra) return [{ node: node.key, field: extra, rule: 'stack_field_unknown' }];
  const res = STACK_SCHEMAS[node.kind].safeParse({ ...STAND_IN, ...node.spec, name: node.name });
  if (res.success) return [];
  return res.error.issues.map((i) => {
    const params: Record<string, string | number> = {};
    if (i.code === 'too_small') params.min = Number(i.minimum);
    if (i.code === 'too_big') params.max = Number(i.maximum);
    const custom = i.code === 'custom' && /^[a-z_]+$/.test(i.message) ? i.message : null;
    const rule = custom ?? (i.code === 'invalid_type' && i.input === undefined ? 'required' : i.code);
    return { node: node.key, field: String(i.path[0] ?? ''), rule, ...(Object.keys(params).length ? { params } : {}) };
  });
}

/** The nodes in the order they can be made: every create-time parent before its child; null on a cycle. */
export function deployOrder(graph: Pick<StackGraph, 'nodes' | 'edges'>): string[] | null {
  const keys = graph.nodes.map((n) => n.key);
  const after = new Map(keys.map((k) => [k, [] as string[]]));
  const waiting = new Map(keys.map((k) => [k, 0]));
  for (const e of graph.edges) {
    if (!after.has(e.to) || !waiting.has(e.from)) continue;
    after.get(e.to)!.push(e.from);
    waiting.set(e.from, waiting.get(e.from)! + 1);
  }
  const ready = keys.filter((k) => waiting.get(k) === 0);
  const order: string[] = [];
  while (ready.length) {
    const k = ready.shift()!;
    order.push(k);
    for (const next of after.get(k)!) {
      waiting.set(next, waiting.get(next)! - 1);
      if (waiting.get(next) === 0) ready.push(next);
    }
  }
  return order.length === keys.length ? order : null;
}

function edgeIssues(graph: StackGraph, byKey: Map<string, StackNode>): StackIssue[] {
  const issues: StackIssue[] = [];
  const seen = new Set<string>();
  for (const e of graph.edges) {
    const from = byKey.get(e.from);
    const to = byKey.get(e.to);
    if (!from || !to) {
      issues.push({ node: null, field: null, rule: 'stack_edge_unknown' });
      continue;
    }
    const c = connectionOf(from.kind, to.kind);
    if (!c) {
      issues.push({ node: from.key, field: null, rule: 'stack_edge_kinds', params: { from: from.kind, to: to.kind } });
      continue;
    }
    if (seen.has(`${from.key}:${c.param}`)) issues.push({ node: from.key, field: c.param, rule: 'stack_edge_twice' });
    seen.add(`${from.key}:${c.param}`);
  }
  for (const n of graph.nodes) {
    for (const c of CONNECTIONS.filter((x) => x.from === n.kind && x.required)) {
      if (!seen.has(`${n.key}:${c.param}`)) issues.push({ node: n.key, field: c.param, rule: 'stack_edge_missing', params: { kind: c.to } });
    }
  }
  return issues;
}

/** Subnets inside their VPC and clear of each other, as the subnet's server hook will check them. */
function cidrIssues(graph: StackGraph, byKey: Map<string, StackNode>): StackIssue[] {
  const issues: StackIssue[] = [];
  const vpcOf = (n: StackNode) => byKey.get(graph.edges.find((e) => e.from === n.key && byKey.get(e.to)?.kind === 'vpc')?.to ?? '');
  const subnets = graph.nodes.filter((n) => n.kind === 'subnet');
  for (const s of subnets) {
    const vpc = vpcOf(s);
    if (!vpc || !parseCidr(String(vpc.spec.cidr ?? ''))) continue;
    const before = subnets.slice(0, subnets.indexOf(s)).filter((o) => vpcOf(o) === vpc);
    const problem = subnetCidrProblem(
      String(s.spec.cidr ?? ''),
      String(vpc.spec.cidr),
      before.map((o) => String(o.spec.cidr ?? '')),
    );
    if (problem) issues.push({ node: s.key, field: 'cidr', rule: problem });
  }
  return issues;
}

/** Every problem of a template that passed its shape: unknown kinds, keys twice, connections, cycles, node specs. */
export function stackIssues(graph: StackGraph): StackIssue[] {
  const byKey = new Map<string, StackNode>();
  const issues: StackIssue[] = [];
  for (const n of graph.nodes) {
    if (byKey.has(n.key)) issues.push({ node: n.key, field: 'key', rule: 'stack_key_twice' });
    byKey.set(n.key, n);
  }
  for (const n of graph.nodes) issues.push(...nodeSpecIssues(n));
  if (issues.some((i) => i.rule === 'stack_kind_unknown' || i.rule === 'stack_key_twice')) return issues;
  issues.push(...edgeIssues(graph, byKey));
  if (!deployOrder(graph)) issues.push({ node: null, field: null, rule: 'stack_cycle' });
  issues.push(...cidrIssues(graph, byKey));
  return issues;
}

// ── Stacks ──

export const STACK_STATES = ['deploying', 'deployed', 'rolling_back', 'rolled_back', 'failed', 'deleting', 'deleted'] as const;
export type StackState = (typeof STACK_STATES)[number];
/** States in which the scheduler still works on a stack. */
export const STACK_BUSY: readonly StackState[] = ['deploying', 'rolling_back', 'deleting'];

/** What a deploy names: the stack, the zone every resource is placed in, the hosts' password. */
export const stackDeploySchema = z
  .object({
    template_id: z.string().regex(/^[0-9a-f]{32}$/),
    name: nameRule(2, 40),
    vendor: z.string().min(1).max(40),
    region_id: z.string().regex(/^[0-9a-f]{32}$/),
    az_id: z.string().regex(/^[0-9a-f]{32}$/),
    password: z.string().max(30).optional(),
  })
  .strict();
export type StackDeploy = z.infer<typeof stackDeploySchema>;

/** Where a resource of the stack is in its part of the deploy. */
export type StackResourceState = 'pending' | 'creating' | 'ready' | 'connecting' | 'connected' | 'failed' | 'removing' | 'removed';

export interface StackResource {
  node: string;
  kind: StackKind;
  name: string;
  state: StackResourceState;
  resource_id: string | null;
  /** the resource's own status in the engine (null before it is made or after it is gone) */
  status: string | null;
}

export interface StackTemplate {
  id: string;
  name: string;
  description: string;
  nodes: StackNode[];
  edges: StackEdge[];
  builtin: boolean;
  created_at: string;
  updated_at: string;
}

export interface Stack {
  id: string;
  name: string;
  status: StackState;
  template_id: string | null;
  template_name: string;
  vendor: string;
  region_id: string;
  az_id: string;
  nodes: StackNode[];
  edges: StackEdge[];
  resources: StackResource[];
  /** why the deploy stopped: the node and the engine's refusal, in the caller's language */
  failure: { node: string | null; description: string } | null;
  created_at: string;
  updated_at: string;
}
