// Server half of smart DNS (domain/kinds/smart-dns) and HTTPDNS (domain/kinds/httpdns). A smart
// DNS domain is hosted once on the platform; its records clash by host record and line as DNS
// records do, a line other than 默认 needs the host's 默认 record first (a resolver outside every
// line must still get an answer), which therefore stays while the host has line records; the
// domain counts its records per line. An HTTPDNS instance gets its account id and endpoint (its
// signing secret is the kind's secret field, sealed by the engine); it serves at most 100 domains,
// each once, and keeps their ids for its request statistics.
import { conflict } from '../../../../domain/errors.ts';
import { recordClash, recordValueProblem } from '../../../../domain/kinds/dns-record/dns-record.rules.ts';
import { SMART_LINES, smartDnsDomainKind, smartDnsRecordKind } from '../../../../domain/kinds/smart-dns/smart-dns.kind.ts';
import { defineHooks, invalid, type ActionContext, type CreateContext } from '../hooks.ts';
import { accountIdOf, HTTPDNS_MAX_DOMAINS, httpDnsDomainKind, httpDnsInstanceKind } from '../../../../domain/kinds/httpdns/httpdns.kind.ts';
import { resourcesByIds, siblingsBySpec, updateResource, type Exec, type ResourceRow } from '../../engine.repository.ts';

/** Adds `delta` to the domain's record count and to the count of the record's line. */
async function countRecord(trx: Exec, zoneId: unknown, line: unknown, delta: number) {
  const [zone] = await resourcesByIds(trx, zoneId ? [String(zoneId)] : [], true);
  if (!zone) return;
  const key = `line_${(SMART_LINES as readonly unknown[]).includes(line) ? String(line) : 'default'}`;
  const n = (k: string) => Math.max(0, Number(zone.spec[k] ?? 0) + delta);
  await updateResource(trx, zone.id, { spec: { ...zone.spec, record_count: n('record_count'), [key]: n(key) } });
}

async function hostRecords(trx: Exec, tenantId: string, zoneId: string) {
  return siblingsBySpec(trx, tenantId, 'smart_dns_record', 'zone_id', zoneId);
}

// One server half per kind (their rules share the record checks).
export const smartDnsHooks = [
  defineHooks(smartDnsDomainKind, {
    async beforeCreate(c: CreateContext) {
      if (await c.trx.selectFrom('resources').select('id').where('kind', '=', 'smart_dns_domain').where('name', '=', String(c.input.name)).executeTakeFirst())
        throw invalid('name', 'zone_taken');
      Object.assign(c.spec, {
        record_count: 0,
        dns_servers: 'ns1.yunshu-smartdns.cn, ns2.yunshu-smartdns.cn',
        ...Object.fromEntries(SMART_LINES.map((l) => [`line_${l}`, 0])),
      });
    },
  }),
  defineHooks(smartDnsRecordKind, {
    async beforeCreate(c: CreateContext) {
      const zone = c.parents.zone_id!;
      const others = await hostRecords(c.trx, c.tenantId, zone.id);
      const r = { name: String(c.input.name), type: String(c.input.type), value: String(c.input.value), line: String(c.input.line ?? 'default') };
      const clash = recordClash(
        others.map((o) => ({ name: o.name, type: String(o.spec.type), value: String(o.spec.value), line: String(o.spec.line) })),
        r,
      );
      if (clash) throw invalid(clash === 'record_duplicate' ? 'value' : 'name', clash);
      if (r.line !== 'default' && !others.some((o) => o.name === r.name && o.spec.line === 'default')) throw invalid('line', 'smart_default_line_first');
      c.spec.zone_name = zone.name;
      await countRecord(c.trx, zone.id, r.line, 1);
    },
    beforeAction: {
      async modify(c: ActionContext) {
        const problem = recordValueProblem(
          String(c.row.spec.type),
          String(c.params.value),
          (c.params.mx_priority as number | undefined) ?? (c.row.spec.mx_priority as number | undefined),
        );
        if (problem === 'record_mx_priority') throw invalid('mx_priority', 'required');
        if (problem) throw invalid('value', problem);
      },
      async delete(c: ActionContext) {
        if (c.row.spec.line !== 'default') return;
        const same = (await hostRecords(c.trx, c.row.tenant_id, String(c.row.spec.zone_id))).filter((o) => o.name === c.row.name && o.id !== c.row.id);
        if (same.some((o) => o.spec.line !== 'default') && !same.some((o) => o.spec.line === 'default'))
          throw conflict('refusals.smart_dns_record.default_needed');
      },
    },
    async beforeRemove(trx: Exec, row: ResourceRow) {
      await countRecord(trx, row.spec.zone_id, row.spec.line, -1);
    },
  }),
  defineHooks(httpDnsInstanceKind, {
    async beforeCreate(c: CreateContext) {
      const account = accountIdOf(c.id);
      Object.assign(c.spec, {
        account_id: account,
        endpoint: `https://${account}.httpdns.yunshu-dns.cn/d`,
        secret_state: c.input.secret_key ? 'set' : 'none',
        domain_count: 0,
        domain_keys: [],
      });
    },
  }),
  defineHooks(httpDnsDomainKind, {
    async beforeCreate(c: CreateContext) {
      const instance = c.parents.instance_id!;
      const keys = Array.isArray(instance.spec.domain_keys) ? (instance.spec.domain_keys as string[]) : [];
      const others = await siblingsBySpec(c.trx, c.tenantId, 'httpdns_domain', 'instance_id', instance.id);
      if (others.some((o) => o.name === String(c.input.name))) throw invalid('name', 'httpdns_domain_taken');
      if (others.length >= HTTPDNS_MAX_DOMAINS) throw conflict('refusals.httpdns_domain.limit', { max: HTTPDNS_MAX_DOMAINS });
      c.spec.metric_key = c.id;
      await updateResource(c.trx, instance.id, { spec: { ...instance.spec, domain_count: others.length + 1, domain_keys: [...keys, c.id] } });
    },
    async beforeRemove(trx: Exec, row: ResourceRow) {
      const [instance] = await resourcesByIds(trx, [String(row.spec.instance_id)], true);
      if (!instance) return;
      const keys = (Array.isArray(instance.spec.domain_keys) ? (instance.spec.domain_keys as string[]) : []).filter((k) => k !== row.id);
      await updateResource(trx, instance.id, { spec: { ...instance.spec, domain_count: keys.length, domain_keys: keys } });
    },
  }),
];
