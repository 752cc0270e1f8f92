// Step-up rules (ADR 0023), kept free of zod so the approver's phone screen can read them cheaply.

/** Approving a request whose estimated cost reaches this (fen, i.e. ¥10,000) needs a fresh step-up. */
export const STEP_UP_COST_THRESHOLD_FEN = 1_000_000;
/** How long a step-up proof is good for. */
export const STEP_UP_TTL_MS = 5 * 60_000;
export const STEP_UP_HEADER = 'x-step-up-token';
/**
 * Set (`1`) on a refusal that a fresh proof would lift (403 `keys.step_up_required`): the web's
 * request helper asks for the step-up and sends the call once more with the proof (ADR 0029).
 */
export const STEP_UP_REQUIRED_HEADER = 'x-step-up-required';
/** The error key (errors:keys.step_up_required) of that refusal. */
export const STEP_UP_REQUIRED_KEY = 'keys.step_up_required';

/**
 * What a route declares when it needs a fresh proof (route `config.stepUp`, checked by the access
 * guard): `true` always; `{ actions }` only when the body's `action` is one of them (the resource
 * engine's action routes, where `delete`/`destroy` are destructive and `start` is not).
 */
export type StepUpRule = true | { readonly actions: readonly string[] };

/** Whether a request to a route declaring `rule` with this body needs a proof. */
export function stepUpApplies(rule: StepUpRule | undefined, body: unknown): boolean {
  if (!rule) return false;
  if (rule === true) return true;
  const action = body && typeof body === 'object' ? (body as { action?: unknown }).action : undefined;
  return typeof action === 'string' && rule.actions.includes(action);
}

export function needsStepUpForCost(estimatedCostFen: number): boolean {
  return estimatedCostFen >= STEP_UP_COST_THRESHOLD_FEN;
}
