// The kinds' server halves, one import per folder of src/server/engine/kinds (tests/unit/kind-module.test.ts
// checks this list against the folders). A kind with no database rules has no folder here.
import type { KindHooks } from './hooks.ts';
import { gtmHooks } from './gtm/gtm.hooks.ts';
import { cloudAccountHooks } from './cloud-account/cloud-account.hooks.ts';
import { smartDnsHooks } from './smart-dns/smart-dns.hooks.ts';
import { cdnHooks } from './cdn-domain/cdn-domain.hooks.ts';
import { dnsHooks } from './dns-record/dns-record.hooks.ts';
import { sslCertificateHooks } from './ssl-certificate/ssl-certificate.hooks.ts';
import { dedicatedHostHooks } from './dedicated-host/dedicated-host.hooks.ts';
import { eipHooks } from './eip/eip.hooks.ts';
import { firewallPolicyHooks } from './firewall-policy/firewall-policy.hooks.ts';
import { imageHooks } from './image/image.hooks.ts';
import { instanceHooks } from './instance/instance.hooks.ts';
import { lbListenerHooks } from './lb-listener/lb-listener.hooks.ts';
import { loadBalancerHooks } from './load-balancer/load-balancer.hooks.ts';
import { natGatewayHooks } from './nat-gateway/nat-gateway.hooks.ts';
import { natRulesHooks } from './nat-rules/nat-rules.hooks.ts';
import { phyhostHooks } from './phyhost/phyhost.hooks.ts';
import { sdwanHooks } from './sdwan/sdwan.hooks.ts';
import { snapshotHooks } from './snapshot/snapshot.hooks.ts';
import { snapshotPolicyHooks } from './snapshot-policy/snapshot-policy.hooks.ts';
import { subnetHooks } from './subnet/subnet.hooks.ts';
import { vipHooks } from './vip/vip.hooks.ts';
import { vpcHooks } from './vpc/vpc.hooks.ts';
import { vpcEndpointHooks } from './vpc-endpoint/vpc-endpoint.hooks.ts';

const ALL: readonly (readonly KindHooks[])[] = [
  dedicatedHostHooks,
  eipHooks,
  firewallPolicyHooks,
  imageHooks,
  instanceHooks,
  lbListenerHooks,
  loadBalancerHooks,
  natGatewayHooks,
  natRulesHooks,
  phyhostHooks,
  sdwanHooks,
  snapshotHooks,
  snapshotPolicyHooks,
  subnetHooks,
  vipHooks,
  vpcHooks,
  vpcEndpointHooks,
  sslCertificateHooks,
  dnsHooks,
  cdnHooks,
  smartDnsHooks,
  gtmHooks,
  cloudAccountHooks,
];

/** resources.kind → the kind's server half. */
export const KIND_HOOKS: Readonly<Record<string, KindHooks>> = Object.fromEntries(ALL.flat().map((h) => [h.kind.kind, h]));
