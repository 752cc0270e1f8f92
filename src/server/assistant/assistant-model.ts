// The optional language model (ADR 0065): any OpenAI-compatible `/chat/completions` endpoint
// (AI_BASE_URL, AI_API_KEY, AI_MODEL), given the retrieved passages and the tools' results, its
// answer streamed back piece by piece. Without the three settings the assistant answers alone.
import type { Language } from '../../domain/errors.ts';
import { t } from '../platform/lib/i18n.ts';

export interface ModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface Grounding {
  question: string;
  /** quoted passages with their source */
  passages: { title: string; url: string; text: string }[];
  /** what a tool answered (the caller's own numbers) */
  tool: string | null;
}

const MODEL_TIMEOUT_MS = 60_000;

export function messagesFor(g: Grounding, lang: Language) {
  const context = [
    ...g.passages.map((p, i) => `[${i + 1}] ${p.title}（${p.url}）\n${p.text}`),
    ...(g.tool ? [`[${t(lang, 'assistant:model.tool_result')}]\n${g.tool}`] : []),
  ].join('\n\n');
  return [
    { role: 'system', content: t(lang, 'assistant:model.system') },
    {
      role: 'user',
      content: `${t(lang, 'assistant:model.context')}\n${context || t(lang, 'assistant:model.no_context')}\n\n${t(lang, 'assistant:model.question')}${g.question}`,
    },
  ];
}

/** The pieces of the model's answer as they arrive (Server-Sent Events of chat completion chunks). */
export async function* streamModel(cfg: ModelConfig, g: Grounding, lang: Language, signal?: AbortSignal): AsyncGenerator<string> {
  const res = await fetch(`${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${cfg.apiKey}`, accept: 'text/event-stream' },
    body: JSON.stringify({ model: cfg.model, stream: true, temperature: 0.2, messages: messagesFor(g, lang) }),
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(MODEL_TIMEOUT_MS)]) : AbortSignal.timeout(MODEL_TIMEOUT_MS),
  });
  if (!res.ok || !res.body) throw new Error(`model answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const piece = contentOf(data);
      if (piece) yield piece;
    }
  }
}

function contentOf(data: string): string {
  try {
    const json = JSON.parse(data) as { choices?: { delta?: { content?: string }; message?: { content?: string } }[] };
    return json.choices?.[0]?.delta?.content ?? json.choices?.[0]?.message?.content ?? '';
  } catch {
    return '';
  }
}
