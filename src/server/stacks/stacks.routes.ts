// Resource stacks (issue 31): templates of the tenant at `stack-templates`, stacks of the project at
// `stacks` (deploy, list, detail, delete). Thin: scope from the headers, then the service; writes
// pass the platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STACKS_URL, STACK_TEMPLATES_URL } from '../../domain/stacks.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import {
  createTemplate,
  deleteStack,
  deleteTemplate,
  deployStack,
  getStack,
  getTemplate,
  listStacks,
  listTemplates,
  updateTemplate,
  type StacksDeps,
} from './stacks.service.ts';

export interface StacksRoutesDeps {
  stacks: StacksDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const write = { config: { permission: 'update:resource' } } as const;

export async function stacksRoutes(app: FastifyInstance, ctx: StacksRoutesDeps) {
  const deps = ctx.stacks;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const project = (req: FastifyRequest) => resolveScope(req, ctx.tenancy, { project: 'required' });
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(STACK_TEMPLATES_URL, read, async (req) => listTemplates(deps, await scope(req), req.query));
  app.post(STACK_TEMPLATES_URL, write, async (req, reply) => reply.status(201).send(await createTemplate(deps, await scope(req), req.lang, req.body)));
  app.get(`${STACK_TEMPLATES_URL}/:id`, read, async (req) => getTemplate(deps, await scope(req), id(req)));
  app.put(`${STACK_TEMPLATES_URL}/:id`, write, async (req) => updateTemplate(deps, await scope(req), req.lang, id(req), req.body));
  app.delete(`${STACK_TEMPLATES_URL}/:id`, write, async (req, reply) => {
    await deleteTemplate(deps, await scope(req), id(req));
    return reply.status(204).send();
  });

  app.get(STACKS_URL, read, async (req) => listStacks(deps, await scope(req), req.lang, req.query));
  app.post(STACKS_URL, write, async (req, reply) => reply.status(201).send(await deployStack(deps, await project(req), req.lang, req.body)));
  app.get(`${STACKS_URL}/:id`, read, async (req) => getStack(deps, await scope(req), req.lang, id(req)));
  app.delete(`${STACKS_URL}/:id`, write, async (req, reply) => {
    const left = await deleteStack(deps, await project(req), req.lang, id(req));
    return left ? reply.status(202).send(left) : reply.status(204).send();
  });
}
