// Inputs refused before any handler sees them (issue 8, "inputs that break the server"): JSON
// nested deeper than MAX_BODY_DEPTH (recursive code downstream would overflow the stack), a NUL
// character in any body string or key, query value or path parameter (PostgreSQL text cannot hold
// one), and `__proto__` keys (Fastify's proto-poisoning check). Each answers 400 through the error
// catalogue and names the field where there is one. Paging parameters (__limit, __offset, __cursor)
// on every API read are checked here with the lists' one shared rule (domain/list-query.ts), so no
// list, whatever its own parsing, sees NaN, Infinity, a negative or a bigint-overflowing value (issue 27).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, pickLanguage } from '../../../domain/errors.ts';
import { pagingSchema } from '../../../domain/list-query.ts';
import { errorBody } from './errors.plugin.ts';

export const MAX_BODY_DEPTH = 32;

/** How deep arrays and objects nest in a JSON text (brackets inside strings do not count); stops past `limit`. */
export function jsonDepth(text: string, limit = MAX_BODY_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

const NUL = '\u0000';

/** The path of the first string or key holding a NUL in a parsed body (depth already bounded), or null. */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes(NUL)) return [...path, k.replaceAll(NUL, '\\u0000')];
      const found = nulPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** A 400 naming the field, through the catalogue's validation text (rule `no_nul`). */
export function nulError(path: (string | number)[]): z.ZodError {
  return new z.ZodError([{ code: 'custom', path, message: 'no_nul', input: undefined }]);
}

export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > MAX_BODY_DEPTH) return done(new AppError(400, 'body_too_deep', { max: MAX_BODY_DEPTH }), undefined);
    parseJson(req, text, (err, parsed) => {
      if (err) return done(err, undefined);
      const at = nulPath(parsed);
      return at ? done(nulError(at.length ? at : ['(body)']), undefined) : done(null, parsed);
    });
  });

  app.addHook('preValidation', async (req) => {
    for (const source of [req.params, req.query]) {
      if (!source || typeof source !== 'object') continue;
      for (const [name, value] of Object.entries(source)) {
        if (name.includes(NUL)) throw nulError([name.replaceAll(NUL, '\\u0000')]);
        if ([value].flat().some((v) => typeof v === 'string' && v.includes(NUL))) throw nulError([name]);
      }
    }
    checkPaging(req);
  });
}

const PAGING = pagingSchema();
const PAGING_PARAMS = ['__limit', '__offset', '__cursor'] as const;

/** Paging parameters of an API read, by the shared rule (its widest bounds; a list may allow less). */
function checkPaging(req: FastifyRequest) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith('/api/')) return;
  const query = req.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object' || !PAGING_PARAMS.some((p) => Object.hasOwn(query, p))) return;
  PAGING.parse(Object.fromEntries(PAGING_PARAMS.filter((p) => Object.hasOwn(query, p)).map((p) => [p, query[p]])));
}

/**
 * Errors Fastify raises before routing (a malformed %-escape in the path, a bad constraint):
 * Fastify's own answer echoes the URL; ours goes through the catalogue.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(req.headers['accept-language']);
  const bad = err.code === 'FST_ERR_BAD_URL';
  const status = bad ? 400 : err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  req.log.info({ code: err.code, status }, 'request refused');
  return reply.status(status).send(errorBody(lang, status, bad ? 'url_invalid' : undefined));
}
