// Who is calling: the X-Auth-Token header resolves to a user and their memberships.
// Routes that need a user call `requireUser`; the scope helper then checks tenant/project.
import type { FastifyInstance } from 'fastify';
import type { UsersRepository } from './users.repository.ts';
import { checkedBody } from './signed-body.ts';
import { authUserOf, type AuthUser, type RequestSigner } from './auth-user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authToken: string | null;
    /** set when the request was signed with an AccessKey (keys/signing.ts) instead of a session */
    accessKey: { id: string; tenantId: string; bodySha256: string } | null;
  }
}

export function registerAuth(app: FastifyInstance, users: UsersRepository, signer?: RequestSigner) {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  app.decorateRequest('accessKey', null);
  // onRequest, not preHandler: the rate limit (a route-level onRequest hook, which runs after this
  // app-level one) keys signed-in calls by user, so it needs to know the user first.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    // One path for both kinds of caller: a request signed with an AccessKey becomes the key's
    // bound user (its roles in the key's tenant) here, and goes through the same pipeline. A signed
    // request is always verified, session token or not (ADR 0043): a bad signature is refused, and
    // a good one acts as the key, never as a token riding along.
    if (signer && signer.isSigned(req.headers.authorization)) {
      const signed = await signer.verify(req, `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`);
      req.accessKey = { id: signed.keyId, tenantId: signed.tenantId, bodySha256: signed.declaredBodySha256 };
      req.user = authUserOf(signed.user);
      return;
    }
    const raw = req.headers['x-auth-token'];
    const token = typeof raw === 'string' ? raw.trim() : '';
    if (!token || token.length > 256) return;
    const user = await users.sessionUser(token);
    if (!user || user.locked) return;
    req.authToken = token;
    req.user = authUserOf(user);
  });
  // The signature covered the body's declared hash; the bytes received must match it.
  if (signer)
    app.addHook('preParsing', async (req, _reply, payload) => {
      if (!req.accessKey) return payload;
      return checkedBody(payload, req.accessKey.bodySha256, app.initialConfig.bodyLimit ?? 1024 * 1024);
    });
}
