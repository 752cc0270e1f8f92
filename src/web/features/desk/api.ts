// The service desk's calls (work orders, feedback) through the one request helper, and the queued
// writes: a new work order (with its photos) and a new feedback go through the offline outbox, online
// or not, so each lands exactly once under its Idempotency-Key.
import { get, getList, post } from '../../lib/request.ts';
import { scopeHeaders } from '../../lib/request.ts';
import { kept } from './choices.ts';
import { OPINIONS_URL, WORKORDERS_URL } from '../../../domain/desk.ts';

export interface Workorder {
  id: string;
  number: string;
  tenant_name: string | null;
  workorder_type_id: string;
  type_name: string | null;
  question_name?: string | null;
  title: string;
  contact: string;
  phone: string;
  email: string;
  urgency: 'urgent' | 'high' | 'medium' | 'low';
  contact_time: string;
  description: string;
  resource_ids: string[];
  status: 'submitted' | 'processing' | 'to_confirm' | 'resolved' | 'unresolved';
  rating: number | null;
  rating_comment: string | null;
  sla_deadline: string;
  created_at: string;
  updated_at: string;
}
export interface WorkorderDetail extends Workorder {
  replies: { id: string; side: 'ops' | 'user'; content: string; created_at: string; author: string }[];
  attachments: { id: string; name: string; mime: string; size: number }[];
  viewer_side: 'ops' | 'user';
  can: { reply: boolean; accept: boolean; propose: boolean; confirm: boolean; reject_solution: boolean; rate: boolean };
}

export interface Feedback {
  id: string;
  tenant_name: string | null;
  name: string;
  phone: string;
  email: string;
  type: string;
  content: string;
  status: 'submitted' | 'replied' | 'closed';
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  can?: { reply: boolean; close: boolean };
}

const listOf = <T>(url: string, params?: Record<string, string | number | undefined>) =>
  getList<{ count: number; data: T[] }>(url, { __limit: 100, ...params }, { isNeedloading: false, notice: false });

export const fetchWorkorders = (status?: string) => kept(`desk:workorders:${status ?? ''}`, () => listOf<Workorder>(WORKORDERS_URL, status ? { status } : {}));
export const fetchWorkorder = (id: string) => get<WorkorderDetail>(`${WORKORDERS_URL}/${id}`, undefined, { notice: false });
export const replyWorkorder = (id: string, content: string) => post<WorkorderDetail>(`${WORKORDERS_URL}/${id}/replies`, { content });
export const moveWorkorder = (id: string, action: 'accept' | 'propose' | 'confirm' | 'reject_solution') =>
  post<WorkorderDetail>(`${WORKORDERS_URL}/${id}/${action}`, {});
export const rateWorkorder = (id: string, score: number, comment: string) => post<WorkorderDetail>(`${WORKORDERS_URL}/${id}/rating`, { score, comment });
export const attachmentUrl = (id: string) => `${WORKORDERS_URL}/attachments/${id}`;

export const fetchFeedbacks = () => kept('desk:feedbacks', () => listOf<Feedback>(OPINIONS_URL));
export const fetchFeedback = (id: string) => get<Feedback>(`${OPINIONS_URL}/${id}`, undefined, { notice: false });
export const replyFeedback = (id: string, content: string) => post<Feedback>(`${OPINIONS_URL}/${id}/reply`, { content });
export const closeFeedback = (id: string) => post<Feedback>(`${OPINIONS_URL}/${id}/close`, {});

export const WORKORDER_REF = 'workorder:new';
export const FEEDBACK_REF = 'feedback:new';

/** An attachment's bytes as an object URL (the call needs the session headers an <img> cannot send). */
export async function attachmentObjectUrl(id: string): Promise<string> {
  const res = await fetch(attachmentUrl(id), { headers: scopeHeaders(), credentials: 'same-origin' });
  if (!res.ok) throw new Error(String(res.status));
  return URL.createObjectURL(await res.blob());
}
