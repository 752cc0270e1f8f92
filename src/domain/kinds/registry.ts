// Every resource kind, in menu order. Import this module (not a barrel: it owns the list) from
// server and web alike: `import { KINDS, kindByCollection } from '.../domain/kinds/registry.ts'`.
import { kindEntity, type KindDefinition, type KindEntity } from './kind.ts';
import { instanceKind } from './instance/instance.kind.ts';
import { volumeKind } from './volume/volume.kind.ts';
import { snapshotKind } from './snapshot/snapshot.kind.ts';
import { vpcKind } from './vpc/vpc.kind.ts';
import { subnetKind } from './subnet/subnet.kind.ts';
import { eipKind } from './eip/eip.kind.ts';
import { vipKind } from './vip/vip.kind.ts';
import { sharedBandwidthKind } from './shared-bandwidth/shared-bandwidth.kind.ts';
import { deployUnitKind } from './deploy-unit/deploy-unit.kind.ts';
import { imageKind } from './image/image.kind.ts';
import { snapshotPolicyKind } from './snapshot-policy/snapshot-policy.kind.ts';
import { loadBalancerKind } from './load-balancer/load-balancer.kind.ts';
import { lbListenerKind } from './lb-listener/lb-listener.kind.ts';
import { natGatewayKind } from './nat-gateway/nat-gateway.kind.ts';
import { dnatRuleKind, natIpv6RuleKind, snatRuleKind } from './nat-rules/nat-rules.kind.ts';
import { phyhostKind } from './phyhost/phyhost.kind.ts';
import { dedicatedHostKind } from './dedicated-host/dedicated-host.kind.ts';
import { firewallPolicyKind } from './firewall-policy/firewall-policy.kind.ts';
import { vpcEndpointKind, vpcepServiceKind } from './vpc-endpoint/vpc-endpoint.kind.ts';
import { routingTemplateKind, sdwanBranchKind } from './sdwan/sdwan.kind.ts';
import { sslCertificateKind } from './ssl-certificate/ssl-certificate.kind.ts';
import { dnsDomainKind, privateDnsZoneKind } from './dns-zone/dns-zone.kind.ts';
import { dnsInternetRecordKind, dnsRecordKind } from './dns-record/dns-record.kind.ts';
import { cdnDomainKind } from './cdn-domain/cdn-domain.kind.ts';
import { cdnTaskKind } from './cdn-task/cdn-task.kind.ts';
import { smartDnsDomainKind, smartDnsRecordKind } from './smart-dns/smart-dns.kind.ts';
import { httpDnsDomainKind, httpDnsInstanceKind } from './httpdns/httpdns.kind.ts';
import { gtmInstanceKind, gtmPolicyKind, gtmPoolKind } from './gtm/gtm.kind.ts';
import { cloudAccountKind } from './cloud-account/cloud-account.kind.ts';

export const KINDS: readonly KindDefinition[] = [
  instanceKind,
  volumeKind,
  snapshotKind,
  vpcKind,
  subnetKind,
  eipKind,
  vipKind,
  sharedBandwidthKind,
  deployUnitKind,
  imageKind,
  snapshotPolicyKind,
  loadBalancerKind,
  lbListenerKind,
  natGatewayKind,
  snatRuleKind,
  dnatRuleKind,
  natIpv6RuleKind,
  phyhostKind,
  dedicatedHostKind,
  firewallPolicyKind,
  vpcepServiceKind,
  vpcEndpointKind,
  sdwanBranchKind,
  routingTemplateKind,
  sslCertificateKind,
  privateDnsZoneKind,
  dnsRecordKind,
  dnsDomainKind,
  dnsInternetRecordKind,
  cdnDomainKind,
  cdnTaskKind,
  smartDnsDomainKind,
  smartDnsRecordKind,
  httpDnsInstanceKind,
  httpDnsDomainKind,
  gtmInstanceKind,
  gtmPoolKind,
  gtmPolicyKind,
  cloudAccountKind,
];

const byKind = new Map(KINDS.map((k) => [k.kind, k]));
const byCollection = new Map(KINDS.map((k) => [k.collection, k]));
const byProduct = new Map(KINDS.map((k) => [k.productCode, k]));

export const kindOf = (kind: string) => byKind.get(kind);
export const kindByCollection = (collection: string) => byCollection.get(collection);
export const kindByProductCode = (code: string) => byProduct.get(code);
/** The permission entity of a kind by its name ('resource' for unknown names: they are refused elsewhere). */
export const entityOfKind = (kind: string): KindEntity => kindEntity(byKind.get(kind));
/** Kinds that go to the recycle bin on delete (hosts and disks). */
export const RECYCLABLE_KINDS = KINDS.filter((k) => k.recycle).map((k) => k.kind);
