// The assistant's answers (POST /api/v1/assistant/answers, ADR 0065): a question about the caller's
// own things goes to a tool (assistant-tools.ts); any other is answered from the search index by
// quoting the best passage and linking the sources. With a model configured, the passages and the
// tool's result ground the model's answer, streamed; the embedded answer stands in when it fails.
import type { FastifyRequest } from 'fastify';
import type { Language } from '../../domain/errors.ts';
import { assistantQuestionSchema, type AssistantAnswer } from '../../domain/assistant.ts';
import { t } from '../platform/lib/i18n.ts';
import { indexOf, searchIndex } from './assistant-index.ts';
import { streamModel, type Grounding, type ModelConfig } from './assistant-model.ts';
import { bestPassage, normalise, tokenize } from './assistant-text.ts';
import { callerScope, detectIntent, runTool, type ToolDeps } from './assistant-tools.ts';

export interface AssistantDeps extends ToolDeps {
  model: ModelConfig | undefined;
}

export interface Grounded {
  answer: AssistantAnswer;
  grounding: Grounding;
}

/** What the search index says about a question: the quoted passage and up to three sources, or the way to a person. */
export async function retrieve(deps: Pick<ToolDeps, 'db'>, question: string, lang: Language): Promise<Grounded> {
  const hits = searchIndex(await indexOf(deps.db), question, 3);
  if (!hits.length) {
    const sources = [
      { title: t(lang, 'assistant:answer.help_centre'), url: '/helpCenter' },
      { title: t(lang, 'assistant:answer.workorder'), url: '/workorderAdd' },
    ];
    return { answer: { answer: t(lang, 'assistant:answer.unknown'), sources }, grounding: { question, passages: [], tool: null } };
  }
  const terms = new Set(tokenize(normalise(question)));
  const passages = hits.map((h) => ({ title: h.doc.title[lang], url: h.doc.url, text: bestPassage(h.doc.paragraphs[lang], terms, 400) }));
  const top = hits[0]!.doc;
  const text = t(lang, 'assistant:answer.quote', { title: top.title[lang], passage: bestPassage(top.paragraphs[lang], terms) });
  const more = hits.length > 1 ? `\n${t(lang, 'assistant:answer.more')}` : '';
  return { answer: { answer: text + more, sources: passages.map(({ title, url }) => ({ title, url })) }, grounding: { question, passages, tool: null } };
}

/** The embedded answer to a request's question (validated: 400 names the field) and what grounds a model. */
export async function ground(deps: AssistantDeps, req: FastifyRequest, body: unknown, lang: Language): Promise<Grounded> {
  // The scope first, as every route checks it: another tenant's answers 404 whatever the body.
  const scope = await callerScope(deps, req);
  const { question } = assistantQuestionSchema.parse(body ?? {});
  const intent = detectIntent(normalise(question));
  if (!intent) return retrieve(deps, question, lang);
  const answer = await runTool(deps, req, scope, intent, lang);
  return { answer, grounding: { question, passages: [], tool: `${answer.answer}（${answer.sources.map((s) => s.url).join('、')}）` } };
}

/** The model's answer in pieces; the embedded answer as one piece when the model fails before its first. */
export async function* modelPieces(deps: AssistantDeps, g: Grounded, lang: Language, signal?: AbortSignal): AsyncGenerator<string> {
  let sent = false;
  try {
    for await (const piece of streamModel(deps.model!, g.grounding, lang, signal)) {
      sent = true;
      yield piece;
    }
  } catch (err) {
    if (sent) throw err;
    yield g.answer.answer;
    return;
  }
  if (!sent) yield g.answer.answer;
}

/** The whole answer at once (a JSON caller, or no model). */
export async function answerOnce(deps: AssistantDeps, req: FastifyRequest, body: unknown, lang: Language): Promise<AssistantAnswer> {
  const g = await ground(deps, req, body, lang);
  if (!deps.model) return g.answer;
  let text = '';
  try {
    for await (const piece of modelPieces(deps, g, lang)) text += piece;
  } catch {
    return g.answer;
  }
  return { answer: text, sources: g.answer.sources };
}
