// The service desk (seed 001 §3 "Work order", "Feedback"; §4 states; §5 limits): work orders with
// types, questions and templates, a reply thread, rating and SLA by urgency; feedback. Shared by the
// server (validation, transitions) and the web (forms, labels), so both apply the same rules.
// Zod-free, so a page that lists work orders does not load zod: the request schemas are in desk-schemas.ts.

export const WORKORDER_STATUSES = ['submitted', 'processing', 'to_confirm', 'resolved', 'unresolved'] as const;
export type WorkorderStatus = (typeof WORKORDER_STATUSES)[number];

export const FEEDBACK_STATUSES = ['submitted', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const URGENCIES = ['urgent', 'high', 'medium', 'low'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** First response promised per urgency, in hours (shown on the card as the SLA). */
export const SLA_HOURS: Record<Urgency, number> = { urgent: 1, high: 4, medium: 8, low: 24 };

export const CONTACT_TIMES = ['any', 'working_hours', 'evening'] as const;
export const FEEDBACK_TYPES = ['product', 'experience', 'bug', 'other'] as const;

/** The transitions a work order allows and who makes them. */
export type WorkorderAction = 'accept' | 'propose' | 'confirm' | 'reject_solution';
export const WORKORDER_TRANSITIONS: Record<WorkorderAction, { from: readonly WorkorderStatus[]; to: WorkorderStatus; side: 'ops' | 'user' }> = {
  // the operations side takes a submitted work order
  accept: { from: ['submitted', 'unresolved'], to: 'processing', side: 'ops' },
  // the operations side has a solution and asks the user to confirm it
  propose: { from: ['processing'], to: 'to_confirm', side: 'ops' },
  // the user confirms the solution
  confirm: { from: ['to_confirm'], to: 'resolved', side: 'user' },
  // the user says the problem remains
  reject_solution: { from: ['to_confirm'], to: 'unresolved', side: 'user' },
};

export function nextStatus(action: WorkorderAction, from: WorkorderStatus): WorkorderStatus | null {
  const rule = WORKORDER_TRANSITIONS[action];
  return rule.from.includes(from) ? rule.to : null;
}

/** Whether the thread still takes replies (a settled work order is closed to new replies). */
export const repliesOpen = (status: WorkorderStatus) => status !== 'resolved';
/** A rating is given once, after the work order is resolved. */
export const canRate = (status: WorkorderStatus, rated: boolean) => status === 'resolved' && !rated;

/** Limits of seed 001 §5 "File upload". */
export const UPLOAD_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  totalBytes: 20 * 1024 * 1024,
  imageBytes: 2 * 1024 * 1024,
  maxFiles: 9,
} as const;
/** Image types accepted (by content); other accepted documents follow. */
export const IMAGE_MIMES = ['image/jpeg', 'image/png'] as const;
export const DOCUMENT_MIMES = [
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
] as const;

/** The type a file name promises; a file whose content is another type is refused (a disguised file). */
export const EXT_MIMES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
};

/** Whether a name's extension (if any) agrees with the type its content has. */
export function nameMatchesType(name: string, mime: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return true;
  const promised = EXT_MIMES[name.slice(dot + 1).toLowerCase()];
  return promised === mime;
}

export const WORKORDERS_URL = '/api/v1/workorders';
export const WORKORDER_UPLOAD_URL = '/api/v1/workorders/upload';
export const OPINIONS_URL = '/api/v1/opinions';

/** The SLA deadline of a work order: its first response is due this long after it was submitted. */
export function slaDeadline(createdAt: Date | string, urgency: Urgency): Date {
  return new Date(new Date(createdAt).getTime() + SLA_HOURS[urgency] * 3600_000);
}
