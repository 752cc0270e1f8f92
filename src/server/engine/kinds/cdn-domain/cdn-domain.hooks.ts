// Server half of the CDN kinds (domain/kinds/cdn-domain, cdn-task): an accelerated domain is
// served once on the platform and gets its CNAME; HTTPS takes a usable certificate of the caller's
// scope that covers the domain; refresh / warm-up URLs must be on the task's domain and count
// against the tenant's daily limit of their type, atomically.
import { z } from 'zod';
import { conflict, notFound } from '../../../../domain/errors.ts';
import { certificateCovers } from '../../../../domain/kinds/cdn-domain/cdn-domain.rules.ts';
import { cdnTaskKind } from '../../../../domain/kinds/cdn-task/cdn-task.kind.ts';
import { CDN_DAILY_LIMITS } from '../../../../domain/kinds/cdn-task/cdn-task.rules.ts';
import { cdnDomainKind } from '../../../../domain/kinds/cdn-domain/cdn-domain.kind.ts';
import { defineHooks } from '../hooks.ts';
import { CERT_USABLE } from '../../../../domain/kinds/ssl-certificate/ssl-certificate.kind.ts';
import { countCdnTaskUrls } from '../../certificates.repository.ts';
import { lockScoped, type Exec, type ResourceRow } from '../../engine.repository.ts';
import type { ResourceScope } from '../../resources.repository.ts';

const invalid = (field: string, rule: string) => new z.ZodError([{ code: 'custom', path: [field], message: rule, input: undefined } as never]);

interface CreateCtx {
  trx: Exec;
  id: string;
  input: Record<string, unknown>;
  spec: Record<string, unknown>;
  tenantId: string;
  projectId: string;
  parents: Record<string, ResourceRow>;
}
interface ActionCtx {
  trx: Exec;
  scope: ResourceScope;
  row: ResourceRow;
  params: Record<string, unknown>;
}

/** The certificate an HTTPS domain names: in scope (404), usable (409) and covering the domain (400; a listener has no domain). */
export async function checkCertificate(trx: Exec, scope: ResourceScope, domain: string | null, https: unknown, certificateId: unknown) {
  if (!https || !certificateId) return;
  const cert = await lockScoped(trx, scope, String(certificateId), 'ssl_certificate');
  if (!cert) throw notFound();
  if (!(CERT_USABLE as readonly string[]).includes(cert.status)) throw conflict('refusals.cdn_domain.cert_unusable');
  const names = Array.isArray(cert.spec.domains) ? (cert.spec.domains as string[]) : [];
  if (domain !== null && !certificateCovers(names, domain)) throw invalid('certificate_id', 'cert_not_covering');
}

/** Whether a URL's host is the accelerated domain (or under its wildcard). */
function onDomain(url: string, domain: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return domain.startsWith('*.') ? host.endsWith(domain.slice(1)) && host.split('.').length === domain.split('.').length : host === domain;
}

/** An HTTPS listener of a load balancer takes a usable certificate of the store (called by the lb_listener hook). */
export async function checkListenerCertificate(c: { trx: Exec; tenantId: string; projectId: string; input: Record<string, unknown> }) {
  await checkCertificate(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, null, c.input.protocol === 'https', c.input.certificate_id);
}

export const cdnHooks = [
  defineHooks(cdnDomainKind, {
    async beforeCreate(c: CreateCtx) {
      const name = String(c.input.name);
      if (await c.trx.selectFrom('resources').select('id').where('kind', '=', 'cdn_domain').where('name', '=', name).executeTakeFirst())
        throw invalid('name', 'cdn_domain_taken');
      await checkCertificate(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, name, c.input.https, c.input.certificate_id);
      if (!c.input.https) delete c.spec.certificate_id;
      c.spec.cname = `${name.replace(/^\*\./, 'wildcard.')}.cdn.yunshu-cdn.cn`;
    },
    beforeAction: {
      async set_https(c: ActionCtx) {
        await checkCertificate(c.trx, c.scope, c.row.name, c.params.https, c.params.certificate_id);
        if (!c.params.https) c.params.certificate_id = undefined;
      },
    },
  }),
  defineHooks(cdnTaskKind, {
    async beforeCreate(c: CreateCtx) {
      const domain = c.parents.domain_id!;
      const urls = c.input.urls as string[];
      if (urls.some((u) => !onDomain(u, domain.name))) throw invalid('urls', 'task_url_domain');
      const type = String(c.input.task_type) as keyof typeof CDN_DAILY_LIMITS;
      const limit = CDN_DAILY_LIMITS[type];
      const used = await countCdnTaskUrls(c.trx, c.tenantId, type, urls.length, limit);
      if (used === null) throw conflict(`refusals.cdn_task.limit_${type}`, { limit });
      Object.assign(c.spec, { used_today: used, daily_limit: limit, domain_name: domain.name });
    },
  }),
];
