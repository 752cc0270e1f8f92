// The error catalogue (seed 000 §8) as one plugin: every failure leaves as `{title, description}`
// in the caller's language. No stack trace or SQL reaches a client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, STATUS_FALLBACK, pickLanguage, type Language } from '../../../domain/errors.ts';
import { STEP_UP_REQUIRED_HEADER, STEP_UP_REQUIRED_KEY } from '../../../domain/step-up.ts';
import { t } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

export interface ErrorBody {
  title: string;
  description: string;
  field?: string;
  rule?: string;
}

export function errorBody(lang: Language, status: number, key?: string, params: Record<string, string | number> = {}): ErrorBody {
  const descKey = key ?? STATUS_FALLBACK[status] ?? 'internal';
  return { title: t(lang, 'errors:title'), description: t(lang, `errors:${descKey}`, params) };
}

/** A zod failure as a 400 that names the field and the rule. */
export function validationBody(lang: Language, error: z.ZodError): ErrorBody {
  const issue = error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : '(body)';
  let rule: string = issue.code;
  const params: Record<string, string | number> = {};
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) rule = 'required';
  if (issue.code === 'too_small') params.min = Number((issue as { minimum: number | bigint }).minimum);
  if (issue.code === 'too_big') params.max = Number((issue as { maximum: number | bigint }).maximum);
  // A refusal worded with the kind's own numbers (the expansion minimum a kind declares).
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  // A message set in a domain schema may itself be a rule key (e.g. 'invalid_format', 'tag_key').
  const custom = issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : undefined;
  if (custom && t(lang, `errors:rules.${custom}`) !== `rules.${custom}`) rule = custom;
  // A field may word a shared rule its own way (SNAT source_cidr takes IPv4 only).
  const own = custom ? `field_rules.${field}.${custom}` : undefined;
  const ruleText = own && t(lang, `errors:${own}`) !== own ? t(lang, `errors:${own}`) : t(lang, `errors:rules.${rule}`, params);
  return { title: t(lang, 'errors:title'), description: t(lang, 'errors:validation', { field, rule: ruleText }), field, rule };
}

export async function registerErrors(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh-CN');
  // A synchronous hook: every request passes it (no promise of its own, ADR 0050 addendum).
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    done();
  });

  app.setErrorHandler((err: FastifyError | AppError | z.ZodError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh-CN';
    if (err instanceof AppError) {
      // Every step-up refusal (guarded routes, costly approvals) tells the web it may ask for the proof and retry (ADR 0029).
      if (err.key === STEP_UP_REQUIRED_KEY) reply.header(STEP_UP_REQUIRED_HEADER, '1');
      return reply.status(err.status).send(errorBody(lang, err.status, err.key, err.params));
    }
    if (err instanceof z.ZodError) {
      return reply.status(400).send(validationBody(lang, err));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (fe.statusCode === 400 && fe.name === 'SyntaxError')) {
      return reply.status(400).send(errorBody(lang, 400, 'body_invalid_json'));
    }
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code: fe.code, status }, 'request refused');
    const key = status === 429 ? 'too_many_requests' : (STATUS_FALLBACK[status] ?? (status >= 500 ? 'internal' : 'bad_request'));
    return reply.status(status).send(errorBody(lang, status, key));
  });
}

/** Parses with a domain schema; a failure becomes the 400 above via the error handler. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value);
}
