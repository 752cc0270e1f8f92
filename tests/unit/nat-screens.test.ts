// The NAT gateway's route tabs (issue 4): /natDetail/<tab>/:id map to one tabbed page whose tabs
// are the gateway's outline and its SNAT / DNAT / IPv6 rule kinds, the config routes are the add /
// edit forms of their tab, /natDetail alone goes to natManage, and no other kind grows route tabs.
import { describe, expect, it } from 'vitest';
import { KINDS, kindOf } from '../../src/domain/kinds/registry.ts';
import { listKindOf } from '../../src/domain/kinds/list-kind.ts';
import { fullKindOf } from '../../src/web/features/resources/full-kind.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import { detailTabsOf, screenFor } from '../../src/web/features/resources/kind-screens.ts';
import { ruleCardKeys, ruleFormPlan } from '../../src/web/kinds/nat-rules/nat-rules.ts';

const nat = kindOf('nat_gateway')!;
const pathOf = (name: string) => ROUTE_TABLE.find((r) => r.name === name)!.path;
const screen = (name: string) => screenFor(name, pathOf(name));

describe('NAT detail route tabs', () => {
  it('are 概览, SNAT, DNAT and IPv6, in that order, with the config routes of SNAT and DNAT', () => {
    expect(detailTabsOf(nat).map((t) => [t.key, t.route, t.configRoute])).toEqual([
      ['outline', 'natDetail_outline', undefined],
      ['snat_rule', 'natDetail_snatManage', 'natDetail_snatConfig'],
      ['dnat_rule', 'natDetail_dnatManage', 'natDetail_dnatConfig'],
      ['nat_ipv6_rule', 'natDetail_ipv6Manage', undefined],
    ]);
  });

  it('maps every natDetail route to the tabbed page with the right tab and mode', () => {
    const cases: [string, string, boolean][] = [
      ['natDetail_outline', 'outline', false],
      ['natDetail_snatManage', 'snat_rule', false],
      ['natDetail_snatConfig', 'snat_rule', true],
      ['natDetail_dnatManage', 'dnat_rule', false],
      ['natDetail_dnatConfig', 'dnat_rule', true],
      ['natDetail_ipv6Manage', 'nat_ipv6_rule', false],
    ];
    for (const [route, tab, config] of cases) {
      const s = screen(route);
      expect(s.screen, route).toBe('tabs');
      if (s.screen !== 'tabs') continue;
      expect(s.def).toBe(listKindOf('nat_gateway'));
      expect(s.active.key, route).toBe(tab);
      expect(s.config, route).toBe(config);
      expect(s.tabs).toHaveLength(4);
      if (tab !== 'outline') expect(s.active.child).toBe(listKindOf(tab));
      // Every tab's route carries the gateway id.
      for (const t of s.tabs) expect(pathOf(t.route)).toMatch(/^\/natDetail\/\w+\/:id$/);
    }
  });

  it('sends /natDetail without an id to the NAT gateway list', () => {
    expect(screen('natDetail')).toEqual({ screen: 'redirect', to: '/natManage' });
  });

  it("leaves every other kind's routes as they were", () => {
    const tabbed = KINDS.filter((k) => detailTabsOf(k).length > 0).map((k) => k.kind);
    expect(tabbed).toEqual(['nat_gateway']);
    expect(screen('natManage')).toMatchObject({ screen: 'list', def: listKindOf('nat_gateway') });
    expect(screen('natBuy')).toMatchObject({ screen: 'buy', def: listKindOf('nat_gateway') });
    expect(screen('ecsDetail')).toMatchObject({ screen: 'detail', def: listKindOf('instance') });
    expect(screen('cdhDetail_ecsManage')).toMatchObject({ screen: 'detail', def: listKindOf('dedicated_host') });
  });

  it('a new kind placed in a tabbed parent becomes one more tab, without screen code', () => {
    const extra = { ...kindOf('nat_ipv6_rule')!, kind: 'nat_extra', routes: { list: 'natDetail_dnatManage' } };
    const kinds = KINDS.filter((k) => k.kind !== 'dnat_rule').concat(extra);
    const s = screenFor('natDetail_dnatManage', '/natDetail/dnatManage/:id', kinds);
    expect(s).toMatchObject({ screen: 'tabs', active: { key: 'nat_extra' } });
  });
});

describe('rule forms and cards', () => {
  it('post the gateway as nat_gateway_id and pick EIPs bound to it', () => {
    expect(ruleFormPlan(fullKindOf('snat_rule')!, nat)).toEqual({
      parentParam: 'nat_gateway_id',
      eipParam: 'eip_id',
      eipFilter: 'nat_gateway_id',
      hints: ['cidr_hint'],
    });
    expect(ruleFormPlan(fullKindOf('dnat_rule')!, nat)).toEqual({
      parentParam: 'nat_gateway_id',
      eipParam: 'eip_id',
      eipFilter: 'nat_gateway_id',
      hints: ['ports_hint'],
    });
    expect(ruleFormPlan(fullKindOf('nat_ipv6_rule')!, nat)).toMatchObject({ eipParam: null, hints: ['ipv6_ports_hint'] });
    // The EIP list really has that filter (the server applies only declared filters).
    expect(kindOf('eip')!.filters.some((f) => f.param === 'nat_gateway_id' && f.source === 'spec')).toBe(true);
  });

  it('cards show the mapping: addresses, ports and protocol', () => {
    expect(ruleCardKeys(kindOf('dnat_rule')!)).toEqual(['eip_address', 'eip_ports', 'internal_ip', 'internal_ports', 'protocol']);
    expect(ruleCardKeys(kindOf('snat_rule')!)).toEqual(['source_cidr', 'eip_address']);
  });
});
