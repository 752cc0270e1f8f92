// Bastion-host permissions (issue 15, ADR 0030): /api/v1/bastion/…. The tenant's administrators
// (tenant and security administrators, platform super and operations administrators) read and set
// who may upload or download files on which host; a bastion-host user lists their own hosts.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { BastionService } from './bastion.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

// What the access guard checks (ADR 0021); the handlers check the same in the resolved scope.
const READ = { config: { permission: 'read:bastion_permission' } } as const;
const MANAGE = { config: { permission: 'manage:bastion_permission' } } as const;
const CONNECT = { config: { permission: 'connect:bastion' } } as const;

const idParam = (params: unknown) => {
  const { id } = params as { id: string };
  if (!isId(id)) throw notFound();
  return id;
};

/** What these routes use; the composition root (app.ts) hands it in. */
export interface BastionRoutesDeps {
  bastion: BastionService;
  tenancy: TenancyRepository;
}

export async function bastionRoutes(app: FastifyInstance, ctx: BastionRoutesDeps) {
  const bastion = ctx.bastion;
  const scoped = async (req: Parameters<typeof resolveScope>[0], action: string, entity = 'bastion_permission') => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, entity));
    return scope;
  };

  app.get('/api/v1/bastion/permissions', READ, async (req) => bastion.list(await scoped(req, 'read'), req.query));
  app.get('/api/v1/bastion/users', READ, async (req) => bastion.users(await scoped(req, 'read')));
  app.get('/api/v1/bastion/hosts', READ, async (req) => bastion.hosts(await scoped(req, 'read')));
  app.put('/api/v1/bastion/users/:id/permissions', MANAGE, async (req) => bastion.set(await scoped(req, 'manage'), idParam(req.params), req.body));
  app.get('/api/v1/bastion/my-hosts', CONNECT, async (req) => bastion.mine(await scoped(req, 'connect', 'bastion')));
}
