// The simulated backup agent of hosts and disks (seed 001 §4 backup states). Each step of a plan
// (creating, installing the backup software, issuing the policy) takes the simulated cloud's delay
// for the vendor of the plan's resource, with the same jitter, and fails at the configured rate
// (CLOUD_SIM_DELAY_MS / CLOUD_SIM_FAILURE_RATE), like the resource simulator.
import { VENDOR_DELAY_FACTOR } from '../engine/cloud/simulator.ts';

export interface BackupAgent {
  /** how long the agent takes for the next step of a plan on a resource of `vendor` */
  stepDelayMs(vendor: string): number;
  /** how a due step ended */
  stepOutcome(): { ok: boolean };
}

export interface BackupAgentOptions {
  delayMs: number;
  failureRate: number;
  random?: () => number;
}

export function simulatedBackupAgent(opts: BackupAgentOptions): BackupAgent {
  const random = opts.random ?? Math.random;
  return {
    stepDelayMs(vendor) {
      const base = opts.delayMs * (VENDOR_DELAY_FACTOR[vendor] ?? 1);
      return Math.max(0, Math.round(base * (0.8 + 0.4 * random())));
    },
    stepOutcome() {
      return { ok: !(opts.failureRate > 0 && random() < opts.failureRate) };
    },
  };
}
