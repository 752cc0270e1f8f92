// Resource-stack templates (issue 31): the deploy order puts parents first and finds a loop; the
// editor's edits keep a drawn connection the right way round (a VPC dragged onto its subnet is the
// subnet's VPC), one parent per kind, and lay nodes out by their kind's row; its problems are the
// server's own check.
import { describe, expect, it } from 'vitest';
import { deployOrder, stackIssues, stackTemplateSchema } from '../../src/domain/stacks.ts';
import { edit, emptyDraft, issuesOf, type Draft } from '../../src/web/features/stacks/editor-model.ts';

const add = (d: Draft, ...kinds: ('vpc' | 'subnet' | 'instance' | 'eip' | 'volume')[]) => kinds.reduce((x, kind) => edit(x, { type: 'add', kind }), d);

describe('stack templates', () => {
  it('orders parents before children and refuses a loop', () => {
    const nodes = ['a', 'b', 'c'].map((key) => ({ key, kind: 'vpc', name: key, spec: {}, x: 0, y: 0 }));
    expect(
      deployOrder({
        nodes,
        edges: [
          { from: 'c', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      }),
    ).toEqual(['a', 'b', 'c']);
    expect(
      deployOrder({
        nodes,
        edges: [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      }),
    ).toBeNull();
  });

  it('keeps a drawn connection the right way round, one parent of a kind, and rows by kind', () => {
    let d = add(emptyDraft(), 'vpc', 'subnet', 'subnet', 'instance');
    d = edit(d, { type: 'connect', from: 'vpc-1', to: 'subnet-1' });
    expect(d.edges).toEqual([{ from: 'subnet-1', to: 'vpc-1' }]);
    d = edit(edit(d, { type: 'connect', from: 'instance-1', to: 'subnet-1' }), { type: 'connect', from: 'instance-1', to: 'subnet-2' });
    expect(d.edges.filter((e) => e.from === 'instance-1')).toEqual([{ from: 'instance-1', to: 'subnet-2' }]);
    expect(edit(d, { type: 'connect', from: 'vpc-1', to: 'instance-1' }).edges).toEqual(d.edges);
    expect(d.nodes.map((n) => [n.x, n.y])).toEqual([
      [24, 24],
      [24, 142],
      [224, 142],
      [24, 260],
    ]);
  });

  it('shows the problems the server would refuse', () => {
    let d = edit(add(emptyDraft(), 'vpc', 'subnet', 'instance'), { type: 'meta', name: '三层' });
    expect(issuesOf(d).map((i) => [i.node, i.rule])).toEqual([
      ['subnet-1', 'stack_edge_missing'],
      ['instance-1', 'stack_edge_missing'],
    ]);
    d = edit(edit(d, { type: 'connect', from: 'subnet-1', to: 'vpc-1' }), { type: 'connect', from: 'instance-1', to: 'subnet-1' });
    d = edit(d, { type: 'spec', key: 'subnet-1', field: 'cidr', value: '192.168.0.0/24' });
    expect(issuesOf(d)).toEqual([{ node: 'subnet-1', field: 'cidr', rule: 'cidr_outside_vpc' }]);
    d = edit(d, { type: 'spec', key: 'subnet-1', field: 'cidr', value: '10.0.3.0/24' });
    expect(issuesOf(d)).toEqual([]);
    expect(stackIssues(stackTemplateSchema.parse({ name: '三层', nodes: d.nodes, edges: d.edges }))).toEqual([]);
  });
});
