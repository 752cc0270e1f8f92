// The decision batch (issue 10): queued approval decisions replayed in one request. Plain
// constants, no zod, so the web's outbox can group entries without loading the schemas.

/** The decision URLs a batch may carry. */
export const DECISION_URL = /^\/api\/v1\/approvals\/[0-9a-f]{32}\/(approve|reject)$/;
/** At most this many decisions in one batch. */
export const DECISION_BATCH_MAX = 100;
/** Where the batch goes. */
export const DECISION_BATCH_URL = '/api/v1/approvals/decision-batch';
