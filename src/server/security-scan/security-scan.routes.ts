// Security scanning (issue 31) under /api/v1/security: scan strategies and the scans started from
// them, the findings with their repair records, the scope's hosts, the overview, the baseline matrix
// and the operational figures. Thin: scope from the headers, then the service; writes pass the
// platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECURITY_URL as U } from '../../domain/security-scan/security-scan.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import * as svc from './security-scan.service.ts';
import * as views from './security-scan.views.ts';

export interface SecurityScanRoutesDeps {
  securityScan: svc.SecurityScanDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const write = (oplog: string) => ({ config: { permission: 'update:resource', oplog } }) as const;

export async function securityScanRoutes(app: FastifyInstance, ctx: SecurityScanRoutesDeps) {
  const deps = ctx.securityScan;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(`${U}/overview`, read, async (req) => views.overview(deps, await scope(req), req.lang));
  app.get(`${U}/operations`, read, async (req) => views.operational(deps, await scope(req)));
  app.get(`${U}/baseline`, read, async (req) => views.baselineMatrix(deps, await scope(req)));
  app.get(`${U}/hosts`, read, async (req) => views.listHosts(deps, await scope(req)));
  app.get(`${U}/hosts/:id`, read, async (req) => views.getHost(deps, await scope(req), id(req), req.lang));
  app.get(`${U}/strategies`, read, async (req) => svc.listStrategies(deps, await scope(req)));
  app.post(`${U}/strategies`, write('security_strategy_create'), async (req, reply) =>
    reply.status(201).send(await svc.createStrategy(deps, await scope(req), req.body)),
  );
  app.get(`${U}/strategies/:id`, read, async (req) => svc.getStrategy(deps, await scope(req), id(req)));
  app.put(`${U}/strategies/:id`, write('security_strategy_update'), async (req) => svc.updateStrategy(deps, await scope(req), id(req), req.body));
  app.delete(`${U}/strategies/:id`, write('security_strategy_delete'), async (req, reply) => {
    await svc.deleteStrategy(deps, await scope(req), id(req));
    return reply.status(204).send();
  });
  app.post(`${U}/strategies/:id/scans`, write('security_scan_start'), async (req, reply) =>
    reply.status(201).send(await svc.startScan(deps, await scope(req), id(req))),
  );
  app.get(`${U}/scans`, read, async (req) => svc.listScans(deps, await scope(req), req.query));
  app.get(`${U}/scans/:id`, read, async (req) => views.getScan(deps, await scope(req), id(req), req.lang));
  app.get(`${U}/vulns`, read, async (req) => svc.listFindings(deps, await scope(req), req.query, req.lang));
  app.get(`${U}/vulns/:id`, read, async (req) => svc.getFinding(deps, await scope(req), id(req), req.lang));
  app.post(`${U}/vulns/:id/repairs`, write('security_repair'), async (req) => svc.repairFinding(deps, await scope(req), id(req), req.body, req.lang));
}
