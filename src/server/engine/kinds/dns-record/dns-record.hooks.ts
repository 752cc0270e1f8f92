// Server half of the DNS kinds (domain/kinds/dns-zone, dns-record): a zone name is hosted once
// per tenant (private) or once anywhere (internet); records clash by host record and line (a
// CNAME stands alone, the same value twice is one record), respect the domain edition's lowest
// TTL, and keep their zone's record count; a changed value is checked against the record's type.
import { z } from 'zod';
import { recordClash, recordValueProblem } from '../../../../domain/kinds/dns-record/dns-record.rules.ts';
import { EDITION_MIN_TTL, dnsDomainKind, privateDnsZoneKind } from '../../../../domain/kinds/dns-zone/dns-zone.kind.ts';
import { dnsInternetRecordKind, dnsRecordKind } from '../../../../domain/kinds/dns-record/dns-record.kind.ts';
import { defineHooks } from '../hooks.ts';
import { resourcesByIds, siblingsBySpec, updateResource, type Exec, type ResourceRow } from '../../engine.repository.ts';

const invalid = (field: string, rule: string) => new z.ZodError([{ code: 'custom', path: [field], message: rule, input: undefined } as never]);

interface CreateCtx {
  trx: Exec;
  id: string;
  input: Record<string, unknown>;
  spec: Record<string, unknown>;
  tenantId: string;
  parents: Record<string, ResourceRow>;
}
interface ActionCtx {
  trx: Exec;
  row: ResourceRow;
  params: Record<string, unknown>;
}

const RECORD_KINDS = ['dns_record', 'dns_internet_record'];

async function bumpRecords(trx: Exec, zoneId: unknown, delta: number) {
  const [zone] = await resourcesByIds(trx, zoneId ? [String(zoneId)] : [], true);
  if (zone) await updateResource(trx, zone.id, { spec: { ...zone.spec, record_count: Math.max(0, Number(zone.spec.record_count ?? 0) + delta) } });
}

function checkTtl(zone: ResourceRow, ttl: unknown) {
  if (zone.kind !== 'dns_domain') return;
  const min = EDITION_MIN_TTL[String(zone.spec.edition ?? 'free')] ?? 600;
  if (Number(ttl) < min) throw invalid('ttl', 'ttl_below_edition');
}

async function record(c: CreateCtx) {
  const zone = c.parents.zone_id!;
  checkTtl(zone, c.input.ttl);
  const others = (await siblingsBySpec(c.trx, c.tenantId, kindOfZone(zone), 'zone_id', zone.id)).map((o) => ({
    name: o.name,
    type: String(o.spec.type),
    value: String(o.spec.value),
    line: String(o.spec.line ?? 'default'),
  }));
  const clash = recordClash(others, {
    name: String(c.input.name),
    type: String(c.input.type),
    value: String(c.input.value),
    line: String(c.input.line ?? 'default'),
  });
  if (clash) throw invalid(clash === 'record_duplicate' ? 'value' : 'name', clash);
  c.spec.zone_name = zone.name;
  await bumpRecords(c.trx, zone.id, 1);
}
const kindOfZone = (zone: ResourceRow) => (zone.kind === 'dns_domain' ? 'dns_internet_record' : 'dns_record');

async function zoneNameFree(trx: Exec, kind: string, name: string, tenantId: string | null) {
  let q = trx.selectFrom('resources').select('id').where('kind', '=', kind).where('name', '=', name);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  if (await q.executeTakeFirst()) throw invalid('name', 'zone_taken');
}

async function modify(c: ActionCtx) {
  const problem = recordValueProblem(
    String(c.row.spec.type),
    String(c.params.value),
    (c.params.mx_priority as number | undefined) ?? (c.row.spec.mx_priority as number | undefined),
  );
  if (problem === 'record_mx_priority') throw invalid('mx_priority', 'required');
  if (problem) throw invalid('value', problem);
  const [zone] = await resourcesByIds(c.trx, [String(c.row.spec.zone_id)]);
  if (zone) checkTtl(zone, c.params.ttl);
}

/** Cleans up around a record about to be removed: its zone counts one fewer. */
async function removeRecord(trx: Exec, row: ResourceRow) {
  if (RECORD_KINDS.includes(row.kind)) await bumpRecords(trx, row.spec.zone_id, -1);
}

// The record kinds and the zones they live in (one server half for the DNS family).
export const dnsHooks = [
  defineHooks(dnsRecordKind, { beforeCreate: record, beforeAction: { modify }, beforeRemove: removeRecord }),
  defineHooks(dnsInternetRecordKind, { beforeCreate: record, beforeAction: { modify }, beforeRemove: removeRecord }),
  defineHooks(privateDnsZoneKind, {
    async beforeCreate(c) {
      await zoneNameFree(c.trx, 'private_dns_zone', String(c.input.name), c.tenantId);
      c.spec.record_count = 0;
    },
  }),
  defineHooks(dnsDomainKind, {
    async beforeCreate(c) {
      // An internet domain is hosted once on the platform, whoever holds it.
      await zoneNameFree(c.trx, 'dns_domain', String(c.input.name), null);
      Object.assign(c.spec, { record_count: 0, dns_servers: 'ns1.yunshu-dns.cn, ns2.yunshu-dns.cn' });
    },
  }),
];
