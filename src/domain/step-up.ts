// Step-up rules (ADR 0023), kept free of zod so the approver's phone screen can read them cheaply.

/** Approving a request whose estimated cost reaches this (fen, i.e. ¥10,000) needs a fresh step-up. */
export const STEP_UP_COST_THRESHOLD_FEN = 1_000_000;
/** How long a step-up proof is good for. */
export const STEP_UP_TTL_MS = 5 * 60_000;
export const STEP_UP_HEADER = 'x-step-up-token';

export function needsStepUpForCost(estimatedCostFen: number): boolean {
  return estimatedCostFen >= STEP_UP_COST_THRESHOLD_FEN;
}
