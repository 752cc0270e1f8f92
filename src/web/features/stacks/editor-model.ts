// The template editor's state: the graph being drawn (nodes with their place on the canvas, edges)
// and the selected node, changed only through `edit`. Its problems are the server's own check
// (`stackIssues` of domain/stacks.ts), run as the user draws, so what the editor shows as wrong
// is exactly what saving would refuse.
import {
  STACK_DEFAULTS,
  STACK_LIMITS,
  connectionOf,
  isStackKind,
  stackIssues,
  stackTemplateSchema,
  type StackEdge,
  type StackIssue,
  type StackKind,
  type StackNode,
} from '../../../domain/stacks.ts';

export interface Draft {
  name: string;
  description: string;
  nodes: StackNode[];
  edges: StackEdge[];
  selected: string | null;
}

export type Edit =
  | { type: 'load'; draft: Omit<Draft, 'selected'> }
  | { type: 'meta'; name?: string; description?: string }
  | { type: 'add'; kind: StackKind; x?: number; y?: number }
  | { type: 'arrange' }
  | { type: 'remove'; key: string }
  | { type: 'select'; key: string | null }
  | { type: 'move'; key: string; x: number; y: number }
  | { type: 'rename'; key: string; name: string }
  | { type: 'spec'; key: string; field: string; value: string | number }
  | { type: 'connect'; from: string; to: string }
  | { type: 'disconnect'; from: string; to: string };

export const emptyDraft = (): Draft => ({ name: '', description: '', nodes: [], edges: [], selected: null });

/** A key and a name no node of the draft has yet (vpc-1, vpc-2, …). */
function fresh(nodes: readonly StackNode[], kind: StackKind) {
  for (let i = 1; ; i++) {
    const key = `${kind}-${i}`;
    if (!nodes.some((n) => n.key === key || n.name === key)) return key;
  }
}

/** Rows by what a kind hangs on: networks on top, hosts below them, what attaches to hosts last. */
const ROW: Readonly<Record<StackKind, number>> = { vpc: 0, subnet: 1, instance: 2, eip: 3, volume: 3 };
const GAP = { x: 200, y: 118 } as const;

/** The next free place in the kind's row. */
function spotOf(nodes: readonly StackNode[], kind: StackKind) {
  const row = ROW[kind];
  const taken = nodes.filter((n) => isStackKind(n.kind) && ROW[n.kind] === row).length;
  return { x: 24 + taken * GAP.x, y: 24 + row * GAP.y };
}

/** Every node in its kind's row, in the order they were added (整理布局). */
function arrange(nodes: readonly StackNode[]): StackNode[] {
  const placed: StackNode[] = [];
  for (const n of nodes) placed.push(isStackKind(n.kind) ? { ...n, ...spotOf(placed, n.kind) } : n);
  return placed;
}

/** Connects `from` to `to`, replacing `from`'s earlier connection of the same kind (a host has one subnet). */
function connect(d: Draft, from: string, to: string): Draft {
  const a = d.nodes.find((n) => n.key === from);
  const b = d.nodes.find((n) => n.key === to);
  if (!a || !b || from === to) return d;
  const c = connectionOf(a.kind, b.kind) ? { from, to } : connectionOf(b.kind, a.kind) ? { from: to, to: from } : null;
  if (!c) return d;
  const src = d.nodes.find((n) => n.key === c.from)!;
  const kindOfTo = d.nodes.find((n) => n.key === c.to)!.kind;
  const kept = d.edges.filter((e) => !(e.from === c.from && d.nodes.find((n) => n.key === e.to)?.kind === kindOfTo));
  return src ? { ...d, edges: [...kept, c] } : d;
}

export function edit(d: Draft, e: Edit): Draft {
  switch (e.type) {
    case 'load':
      return { ...e.draft, selected: null };
    case 'meta':
      return { ...d, ...(e.name !== undefined ? { name: e.name } : {}), ...(e.description !== undefined ? { description: e.description } : {}) };
    case 'add': {
      if (d.nodes.length >= STACK_LIMITS.nodes) return d;
      const key = fresh(d.nodes, e.kind);
      const spot = spotOf(d.nodes, e.kind);
      const node: StackNode = { key, kind: e.kind, name: key, spec: { ...STACK_DEFAULTS[e.kind] }, x: e.x ?? spot.x, y: e.y ?? spot.y };
      return { ...d, nodes: [...d.nodes, node], selected: key };
    }
    case 'arrange':
      return { ...d, nodes: arrange(d.nodes) };
    case 'remove':
      return {
        ...d,
        nodes: d.nodes.filter((n) => n.key !== e.key),
        edges: d.edges.filter((x) => x.from !== e.key && x.to !== e.key),
        selected: d.selected === e.key ? null : d.selected,
      };
    case 'select':
      return { ...d, selected: e.key };
    case 'move':
      return { ...d, nodes: d.nodes.map((n) => (n.key === e.key ? { ...n, x: Math.max(0, Math.round(e.x)), y: Math.max(0, Math.round(e.y)) } : n)) };
    case 'rename':
      return { ...d, nodes: d.nodes.map((n) => (n.key === e.key ? { ...n, name: e.name } : n)) };
    case 'spec':
      return { ...d, nodes: d.nodes.map((n) => (n.key === e.key ? { ...n, spec: { ...n.spec, [e.field]: e.value } } : n)) };
    case 'connect':
      return connect(d, e.from, e.to);
    case 'disconnect':
      return { ...d, edges: d.edges.filter((x) => !(x.from === e.from && x.to === e.to)) };
  }
}

/** The body a save sends. */
export const bodyOf = (d: Draft) => ({ name: d.name.trim(), description: d.description.trim(), nodes: d.nodes, edges: d.edges });

/** The draft's problems: its shape first (a name, at least one node), then the server's own check. */
export function issuesOf(d: Draft): StackIssue[] {
  const shape = stackTemplateSchema.safeParse(bodyOf(d));
  if (!shape.success) {
    const i = shape.error.issues[0]!;
    const [where, index, field] = i.path as [string, number | undefined, string | undefined];
    const node = where === 'nodes' && typeof index === 'number' ? (d.nodes[index]?.key ?? null) : null;
    const rule = i.code === 'custom' || /^[a-z_]+$/.test(i.message) ? i.message : i.code;
    return [{ node, field: node ? (field ?? null) : where, rule: /^[a-z_]+$/.test(rule) ? rule : i.code }];
  }
  return stackIssues(shape.data);
}

/** The nodes a node may connect to, by kind (both ways: a subnet to its VPC, a host to its subnet). */
export function targetsOf(d: Pick<Draft, 'nodes'>, key: string) {
  const n = d.nodes.find((x) => x.key === key);
  if (!n) return [];
  return d.nodes.filter((o) => o.key !== key && connectionOf(n.kind, o.kind));
}
