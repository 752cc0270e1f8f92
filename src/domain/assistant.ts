// The assistant's request and answer (POST /api/v1/assistant/answers, ADR 0065): a question in
// Simplified or Traditional Chinese; an answer that quotes its passages and links its sources
// (in-app routes, never outside addresses).
import { z } from 'zod';

export const QUESTION_MAX = 200;

export const assistantQuestionSchema = z.object({
  question: z.string().trim().min(1).max(QUESTION_MAX),
});
export type AssistantQuestion = z.infer<typeof assistantQuestionSchema>;

export interface AssistantSource {
  title: string;
  /** an in-app route (path, query, hash), always starting with a single `/` */
  url: string;
}

export interface AssistantAnswer {
  answer: string;
  sources: AssistantSource[];
}

/** Only paths of this site: `/x…`, not `//host` or `scheme:`. */
export const isInAppUrl = (url: string) => /^\/(?!\/)[^\s]*$/.test(url);
