// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// vpc.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

import { parseCidr } from '../cidr.ts';

export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((c) => parseCidr(c)!);
