// ICP filings (issue 31) at the seed's `isps` path: the public lookup of a completed filing by its
// domain (no sign-in, like the `/isp` page), and for the tenant's people the requirements, the
// materials (multipart, one file each), the filings and their detail. Thin: scope from the headers,
// then the service; writes pass the platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ICP_URL, MATERIAL_LIMITS } from '../../domain/icp.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { readMultipart, registerMultipart } from '../platform/http/multipart.plugin.ts';
import { createFiling, getFiling, listFilings, lookup, material, requirements, uploadMaterial, type IcpDeps } from './icp.service.ts';

export interface IcpRoutesDeps {
  icp: IcpDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const write = { config: { permission: 'update:resource' } } as const;

export async function icpRoutes(app: FastifyInstance, ctx: IcpRoutesDeps) {
  const deps = ctx.icp;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(`${ICP_URL}/lookup`, { config: { permission: 'public' } }, async (req) => lookup(deps, (req.query as Record<string, unknown>).domain));
  app.get(`${ICP_URL}/requirements`, read, async (req) => requirements(deps, await scope(req)));
  app.get(ICP_URL, read, async (req) => listFilings(deps, await scope(req), req.query));
  app.post(ICP_URL, write, async (req, reply) => reply.status(201).send(await createFiling(deps, await scope(req), req.body)));
  app.get(`${ICP_URL}/:id`, read, async (req) => getFiling(deps, await scope(req), id(req)));
  app.get(`${ICP_URL}/materials/:id`, read, async (req, reply) => {
    const row = await material(deps, await scope(req), id(req));
    return reply
      .type(row.mime)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(row.data);
  });
  // Multipart only here: one material of at most 5 MB and its kind.
  await app.register(async (scoped) => {
    await registerMultipart(scoped, { fileBytes: MATERIAL_LIMITS.fileBytes, fileLabel: MATERIAL_LIMITS.fileLabel, files: 1, filesShown: 1, fields: 2 });
    scoped.post(`${ICP_URL}/materials`, write, async (req, reply) => {
      const s = await scope(req);
      const form = await readMultipart(req);
      return reply.status(201).send(await uploadMaterial(deps, s, form.fields.kind, form.files[0]));
    });
  });
}
