// The assistant (ADR 0065): POST /api/v1/assistant/answers {question} → {answer, sources}, open to
// visitors (the help centre is public; a tool question asks them to sign in) and, with a model
// configured and `Accept: text/event-stream`, streamed as Server-Sent Events: `sources`, then
// `delta` pieces, then `done` (or `error` with a localised {title, description}). GET
// /api/v1/assistant/texts is the embedded page's copy in the caller's language (locales/*/assistant.json).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/database.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { errorBody } from '../platform/http/errors.plugin.ts';
import type { AlarmService } from '../alarms/alarm.service.ts';
import type { MeterService } from '../billing/meter.service.ts';
import { answerOnce, ground, modelPieces, type AssistantDeps } from './assistant.service.ts';
import { pageTexts } from './assistant-texts.ts';

export interface AssistantRoutesDeps {
  db: Db;
  tenancy: TenancyRepository;
  alarms: AlarmService;
  meter: MeterService;
  config: Config;
}

const open = { permission: 'public', oplog: false } as const;

export async function assistantRoutes(app: FastifyInstance, ctx: AssistantRoutesDeps) {
  const deps: AssistantDeps = { db: ctx.db, tenancy: ctx.tenancy, alarms: ctx.alarms, meter: ctx.meter, resources: app.engine.resources, model: ctx.config.ai };

  app.post('/api/v1/assistant/answers', { config: open }, async (req, reply) => {
    const streamed = Boolean(deps.model) && /text\/event-stream/.test(String(req.headers.accept ?? ''));
    if (!streamed) return answerOnce(deps, req, req.body, req.lang);
    return streamAnswer(deps, req, reply);
  });

  app.get('/api/v1/assistant/texts', { config: open }, async (req) => pageTexts(req.lang));
}

async function streamAnswer(deps: AssistantDeps, req: FastifyRequest, reply: FastifyReply) {
  // Validation, scope and permission failures answer as JSON before the stream starts.
  const g = await ground(deps, req, req.body, req.lang);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const aborted = new AbortController();
  req.raw.on('close', () => aborted.abort());
  send('sources', { sources: g.answer.sources });
  let text = '';
  try {
    for await (const piece of modelPieces(deps, g, req.lang, aborted.signal)) {
      text += piece;
      send('delta', { text: piece });
    }
    send('done', { answer: text, sources: g.answer.sources });
  } catch (err) {
    req.log.warn({ err }, 'assistant model stream failed');
    send('error', errorBody(req.lang, 502, 'assistant.model_failed'));
  }
  res.end();
}
