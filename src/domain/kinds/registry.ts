// Every resource kind: one line per kind's folder, re-exporting the definitions of its `.kind.ts`
// (ADR 0052). Where a line sits does not matter: KINDS is in menu order, by the `menuOrder` each
// definition carries. Import this module (it owns the list) from server and web alike:
// `import { KINDS, kindByCollection } from '.../domain/kinds/registry.ts'`.
import { inMenuOrder, kindEntity, type KindDefinition, type KindEntity } from './kind.ts';
// The module reads its own exports back to list the kinds: static imports, typed, one line a kind.
import * as registry from './registry.ts';

export { accessBandwidthKind } from './access-bandwidth/access-bandwidth.kind.ts';
export { assetKind } from './asset/asset.kind.ts';
export { cacheInstanceKind } from './cache-instance/cache-instance.kind.ts';
export { cdnDomainKind } from './cdn-domain/cdn-domain.kind.ts';
export { cdnTaskKind } from './cdn-task/cdn-task.kind.ts';
export { cloudAccountKind } from './cloud-account/cloud-account.kind.ts';
export { dbInstanceKind } from './db-instance/db-instance.kind.ts';
export { dedicatedHostKind } from './dedicated-host/dedicated-host.kind.ts';
export { docInstanceKind } from './doc-instance/doc-instance.kind.ts';
export { deployUnitKind } from './deploy-unit/deploy-unit.kind.ts';
export { dnsInternetRecordKind, dnsRecordKind } from './dns-record/dns-record.kind.ts';
export { dnsDomainKind, privateDnsZoneKind } from './dns-zone/dns-zone.kind.ts';
export { edgeNodeKind } from './edge-node/edge-node.kind.ts';
export { eipKind } from './eip/eip.kind.ts';
export { firewallPolicyKind } from './firewall-policy/firewall-policy.kind.ts';
export { ftpServerKind } from './ftp-server/ftp-server.kind.ts';
export { gtmInstanceKind, gtmPolicyKind, gtmPoolKind } from './gtm/gtm.kind.ts';
export { hostAgentKind } from './host-agent/host-agent.kind.ts';
export { httpDnsDomainKind, httpDnsInstanceKind } from './httpdns/httpdns.kind.ts';
export { imageKind } from './image/image.kind.ts';
export { instanceKind } from './instance/instance.kind.ts';
export { lbListenerKind } from './lb-listener/lb-listener.kind.ts';
export { loadBalancerKind } from './load-balancer/load-balancer.kind.ts';
export { machineRoomKind } from './machine-room/machine-room.kind.ts';
export { nasKind } from './nas/nas.kind.ts';
export { natGatewayKind } from './nat-gateway/nat-gateway.kind.ts';
export { ossBucketKind } from './oss-bucket/oss-bucket.kind.ts';
export { ossPackageKind } from './oss-package/oss-package.kind.ts';
export { dnatRuleKind, natIpv6RuleKind, snatRuleKind } from './nat-rules/nat-rules.kind.ts';
export { pgyunDeviceKind } from './pgyun/pgyun.kind.ts';
export { phyhostKind } from './phyhost/phyhost.kind.ts';
export { sanVolumeKind } from './san-volume/san-volume.kind.ts';
export { routingTemplateKind, sdwanBranchKind } from './sdwan/sdwan.kind.ts';
export { sharedBandwidthKind } from './shared-bandwidth/shared-bandwidth.kind.ts';
export { sharedDiskKind } from './shared-disk/shared-disk.kind.ts';
export { smartDnsDomainKind, smartDnsRecordKind } from './smart-dns/smart-dns.kind.ts';
export { snapshotGroupKind } from './snapshot-group/snapshot-group.kind.ts';
export { snapshotPolicyKind } from './snapshot-policy/snapshot-policy.kind.ts';
export { snapshotKind } from './snapshot/snapshot.kind.ts';
export { sslCertificateKind } from './ssl-certificate/ssl-certificate.kind.ts';
export { subnetKind } from './subnet/subnet.kind.ts';
export { syncInstanceKind } from './sync-instance/sync-instance.kind.ts';
export { usbDeviceKind, usbHubKind } from './usb/usb.kind.ts';
export { vipKind } from './vip/vip.kind.ts';
export { volumeKind } from './volume/volume.kind.ts';
export { vpcEndpointKind, vpcepServiceKind } from './vpc-endpoint/vpc-endpoint.kind.ts';
export { vpcKind } from './vpc/vpc.kind.ts';

/** This module's own exports; every other export is a kind's definition. */
const OWN_EXPORTS = ['KINDS', 'kindOf', 'kindByCollection', 'kindByProductCode', 'entityOfKind', 'RECYCLABLE_KINDS'] as const;
// Compile-time: a line exporting anything but a kind, or an own export missing above, fails here.
const KIND_EXPORTS: Readonly<Record<keyof Omit<typeof registry, (typeof OWN_EXPORTS)[number]>, KindDefinition>> = registry;

/**
 * The kinds this module re-exports. Their names are listed without reading (Reflect.ownKeys, not
 * Object.keys) and only the kinds are read: this module's own exports are not defined yet while
 * KINDS is being computed.
 */
function reExportedKinds(): KindDefinition[] {
  const own: readonly (string | symbol)[] = OWN_EXPORTS;
  const exports = KIND_EXPORTS as Readonly<Record<string, KindDefinition>>;
  return Reflect.ownKeys(exports)
    .filter((name): name is string => typeof name === 'string' && !own.includes(name))
    .map((name) => exports[name]!);
}

/** Every resource kind, in menu order. */
export const KINDS: readonly KindDefinition[] = inMenuOrder(reExportedKinds());

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
