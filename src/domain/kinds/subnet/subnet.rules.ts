// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// subnet.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

import { cidrInside, cidrOverlaps, parseCidr, usableIps } from '../cidr.ts';
import { SUBNET_PREFIX } from './subnet.kind.ts';

/**
 * Why a subnet CIDR cannot be taken in its VPC (an errors:rules.* key), or null: inside the VPC's
 * CIDR and overlapping no sibling. The server checks it under the VPC's lock; the create form
 * checks it as the user types, against the siblings it has loaded.
 */
export function subnetCidrProblem(cidr: string, vpcCidr: string, siblingCidrs: readonly string[]): 'cidr' | 'cidr_outside_vpc' | 'cidr_overlap' | null {
  const c = parseCidr(cidr);
  if (!c || c.prefix < SUBNET_PREFIX.min || c.prefix > SUBNET_PREFIX.max) return 'cidr';
  const vpc = parseCidr(vpcCidr);
  if (!vpc || !cidrInside(c, vpc)) return 'cidr_outside_vpc';
  for (const s of siblingCidrs) {
    const other = parseCidr(s);
    if (other && cidrOverlaps(other, c)) return 'cidr_overlap';
  }
  return null;
}

/** Addresses a subnet of this CIDR offers to hosts (null when the CIDR is malformed). */
export function subnetFreeIps(cidr: string): number | null {
  const c = parseCidr(cidr);
  return c ? usableIps(c) : null;
}
