// Seed 001 §5: a name or description must not start with http:// (the schemas' no_url_prefix) nor
// with the site's own host, which only the request knows. One hook covers every write: the body's
// name and description, and those of an approval request's payload (a purchase names its resource).
import type { FastifyInstance } from 'fastify';
import { startsWithHost } from '../../../domain/kinds/rules.ts';
import { invalid } from '../lib/invalid.ts';
import { addWriteHooks } from './write-hooks.ts';

const FIELDS = ['name', 'description'] as const;

export async function registerSiteHostRule(app: FastifyInstance) {
  // Only bodies of writes carry names and descriptions: write routes alone pass it (write-hooks.ts).
  addWriteHooks(app, {
    preValidation: async (req) => {
      if (!['POST', 'PUT', 'PATCH'].includes(req.method) || !req.url.startsWith('/api/')) return;
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return;
      const host = req.hostname;
      const payload = (body as { payload?: unknown }).payload;
      for (const [prefix, obj] of [
        ['', body],
        ['payload.', payload],
      ] as const) {
        if (!obj || typeof obj !== 'object' || Array.isArray(obj)) continue;
        for (const f of FIELDS) if (startsWithHost((obj as Record<string, unknown>)[f], host)) throw invalid(`${prefix}${f}`, 'no_host_prefix');
      }
    },
  });
}
