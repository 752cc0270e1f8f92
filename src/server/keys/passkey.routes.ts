// Passkeys in the user centre, passkey sign-in, and step-up (ADR 0023).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import { requireStepUp, requireStepUpForApprovals } from '../platform/auth/step-up.ts';
import { profileOf } from '../session/session.service.ts';
import type { PasskeyService } from './passkey.service.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import type { Config } from '../platform/config.ts';
import type { RelyingParty } from './passkey.service.ts';

/**
 * The relying party: PUBLIC_URL when set (production must set it, so a relay cannot choose the
 * origin); else the Host the browser used (development and tests).
 */
export function relyingParty(req: FastifyRequest, publicUrl: string | undefined): RelyingParty {
  const origin = new URL(publicUrl ?? `${req.protocol}://${req.host || 'localhost'}`).origin;
  return { origin, rpID: new URL(origin).hostname };
}

export { requireStepUp, requireStepUpForApprovals };

// What the access guard checks (ADR 0021): the caller's own passkeys and step-up proofs are `self`
// (the handlers use only the signed-in user's id); passkey sign-in is anonymous.
const SELF = { config: { permission: 'self' } } as const;
const PUBLIC = { config: { permission: 'public' } } as const;

/** What these routes use; the composition root (app.ts) hands it in. */
export interface PasskeyRoutesDeps {
  config: Config;
  passkeys: PasskeyService;
  users: UsersRepository;
}

export async function passkeyRoutes(app: FastifyInstance, ctx: PasskeyRoutesDeps) {
  const svc = ctx.passkeys;
  const rp = (req: FastifyRequest) => relyingParty(req, ctx.config.publicUrl);

  app.get('/api/v1/account/passkeys', SELF, async (req) => svc.list(requireUser(req).id));
  app.post('/api/v1/account/passkeys/options', SELF, async (req) => svc.registrationOptions(rp(req), requireUser(req)));
  app.post('/api/v1/account/passkeys', SELF, async (req, reply) => reply.status(201).send(await svc.register(rp(req), requireUser(req).id, req.body)));
  app.delete('/api/v1/account/passkeys/:id', SELF, async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    await svc.remove(requireUser(req).id, id);
    return reply.status(204).send();
  });

  app.post('/api/v1/passkeys/login/options', PUBLIC, async (req) => svc.loginOptions(rp(req)));
  app.post('/api/v1/passkeys/login', PUBLIC, async (req) => {
    const userId = await svc.loginUser(rp(req), req.body);
    const user = await ctx.users.findById(userId);
    if (!user) throw new AppError(401, 'keys.passkey_failed');
    if (user.locked) throw new AppError(403, 'user_locked');
    const token = await ctx.users.createSession(user.id, ctx.config.sessionTtlHours);
    return profileOf(user, token);
  });

  app.post('/api/v1/step-up/options', SELF, async (req) => svc.stepUpOptions(rp(req), requireUser(req).id));
  app.post('/api/v1/step-up/passkey', SELF, async (req) => svc.stepUpWithPasskey(rp(req), requireUser(req).id, req.body));
  app.post('/api/v1/step-up/password', SELF, async (req) => svc.stepUpWithPassword(requireUser(req).id, req.body));
}
