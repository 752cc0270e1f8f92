// A request named in words, in one language: the sentence the message centre shows
// (domain/approvals/request-summary.ts), for the places that store a name once — the operation
// log's line of a decision. The stored title is language-neutral (「erp-disk-32 size=820」) and is
// only the fallback of a type the sentence does not know.
import type { Language } from '../../domain/errors.ts';
import { requestSubject, subjectSummary } from '../../domain/approvals/request-summary.ts';
import { sharedT } from './site-message.service.ts';

export interface SentenceRow {
  type: string;
  payload: unknown;
  title: string;
}

export function requestSentence(lang: Language, row: SentenceRow): string {
  return subjectSummary(sharedT(lang), requestSubject(row)).trim() || row.title;
}
