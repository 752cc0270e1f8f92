// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// nat-rules.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

import { ANY, parsePorts } from '../../approvals/network-rules.ts';

export const portsOut = (v: unknown) => {
  const p = parsePorts(v);
  return p.ok ? p.ports : ANY;
};
