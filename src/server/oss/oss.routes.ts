// Object storage's REST API (issue 30, /work/notes/oss-contract.md): overview, keys, a bucket's files
// (listed, uploaded streaming, downloaded, deleted), lifecycle rules, sync and backup strategies; the
// S3-compatible API at /s3 (s3.routes.ts). Thin: scope from the headers, then the services; writes
// pass the platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { registerMultipart } from '../platform/http/multipart.plugin.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import { createFolder, deleteObject, downloadObject, listObjects, stageUpload, uploadBucket } from './oss-objects.service.ts';
import { createOssKey, deleteOssKey, listOssKeys, ossOverview, setOssKeyStatus } from './oss-keys.service.ts';
import * as st from './oss-strategies.service.ts';
import type { OssDeps } from './oss-deps.ts';
import { streamUpload } from './upload-form.ts';
import { s3Routes } from './s3.routes.ts';

export interface OssRoutesDeps {
  oss: OssDeps;
  tenancy: TenancyRepository;
  users: UsersRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const write = { config: { permission: 'update:resource' } } as const;
const remove = { config: { permission: 'delete:resource' } } as const;
const BASE = '/api/v1/oss';

export async function ossRoutes(app: FastifyInstance, ctx: OssRoutesDeps) {
  const deps = ctx.oss;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const p = (req: FastifyRequest) => req.params as { id: string; ruleId: string; sid: string };

  app.get(`${BASE}/overview`, read, async (req) => ossOverview(deps, await scope(req)));
  app.get(`${BASE}/keys`, read, async (req) => listOssKeys(deps, await scope(req)));
  app.post(`${BASE}/keys`, write, async (req, reply) => reply.status(201).send(await createOssKey(deps, await scope(req), req.body)));
  app.post(`${BASE}/keys/:id/disable`, write, async (req) => setOssKeyStatus(deps, await scope(req), p(req).id, 'disabled'));
  app.post(`${BASE}/keys/:id/enable`, write, async (req) => setOssKeyStatus(deps, await scope(req), p(req).id, 'active'));
  app.delete(`${BASE}/keys/:id`, remove, async (req) => deleteOssKey(deps, await scope(req), p(req).id));

  app.get(`${BASE}/buckets/:id/objects`, read, async (req) => listObjects(deps, await scope(req), p(req).id, req.query));
  app.post(`${BASE}/buckets/:id/folders`, write, async (req, reply) => reply.status(201).send(await createFolder(deps, await scope(req), p(req).id, req.body)));
  app.get(`${BASE}/buckets/:id/objects/download`, read, async (req, reply) => {
    const { object, body } = await downloadObject(deps, await scope(req), p(req).id, req.query);
    const name = object.key.split('/').pop() ?? 'download';
    const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return reply
      .type(object.content_type || 'application/octet-stream')
      .header('content-length', object.size)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
  app.delete(`${BASE}/buckets/:id/objects`, remove, async (req) => deleteObject(deps, await scope(req), p(req).id, req.query));
  // Multipart only here: one file, streamed into the store as it arrives.
  await app.register(async (scoped) => {
    const limits = { fileBytes: deps.maxUploadBytes, fileLabel: `${Math.round(deps.maxUploadBytes / 1024 / 1024)} MB`, files: 1, fields: 2 };
    await registerMultipart(scoped, limits);
    scoped.post(`${BASE}/buckets/:id/objects`, write, async (req, reply) => {
      // another tenant's bucket is 404 whatever the body
      const bucket = await uploadBucket(deps, await scope(req), p(req).id);
      const answer = await streamUpload(req, limits, (fields, file) => stageUpload(deps, bucket, fields.prefix, file));
      return reply.status(201).send(answer);
    });
  });

  app.get(`${BASE}/buckets/:id/lifecycle-rules`, read, async (req) => st.listLifecycleRules(deps, await scope(req), p(req).id));
  app.post(`${BASE}/buckets/:id/lifecycle-rules`, write, async (req, reply) =>
    reply.status(201).send(await st.createLifecycleRule(deps, await scope(req), p(req).id, req.body)),
  );
  app.put(`${BASE}/buckets/:id/lifecycle-rules/:ruleId`, write, async (req) =>
    st.updateLifecycleRule(deps, await scope(req), p(req).id, p(req).ruleId, req.body),
  );
  app.delete(`${BASE}/buckets/:id/lifecycle-rules/:ruleId`, remove, async (req) => st.deleteLifecycleRule(deps, await scope(req), p(req).id, p(req).ruleId));

  app.get(`${BASE}/sync-strategies`, read, async (req) => st.listProjectSync(deps, await scope(req)));
  app.get(`${BASE}/buckets/:id/sync-strategies`, read, async (req) => st.listBucketSync(deps, await scope(req), p(req).id));
  app.post(`${BASE}/buckets/:id/sync-strategies`, write, async (req, reply) =>
    reply.status(201).send(await st.createSync(deps, await scope(req), p(req).id, req.body)),
  );
  app.get(`${BASE}/sync-strategies/:sid`, read, async (req) => st.getSync(deps, await scope(req), p(req).sid));
  app.put(`${BASE}/sync-strategies/:sid`, write, async (req) => st.updateSync(deps, await scope(req), p(req).sid, req.body));
  app.delete(`${BASE}/sync-strategies/:sid`, remove, async (req) => st.deleteSync(deps, await scope(req), p(req).sid));

  app.get(`${BASE}/buckets/:id/backup-strategies`, read, async (req) => st.listBackups(deps, await scope(req), p(req).id));
  app.post(`${BASE}/buckets/:id/backup-strategies`, write, async (req, reply) =>
    reply.status(201).send(await st.createBackup(deps, await scope(req), p(req).id, req.body)),
  );
  app.get(`${BASE}/backup-strategies/:sid`, read, async (req) => st.getBackup(deps, await scope(req), p(req).sid));
  app.put(`${BASE}/backup-strategies/:sid`, write, async (req) => st.updateBackup(deps, await scope(req), p(req).sid, req.body));
  app.delete(`${BASE}/backup-strategies/:sid`, remove, async (req) => st.deleteBackup(deps, await scope(req), p(req).sid));
  app.get(`${BASE}/backup-strategies/:sid/records`, read, async (req) => st.backupRecordsOf(deps, await scope(req), p(req).sid));

  await s3Routes(app, { oss: deps, users: ctx.users, engine: app.engine });
}
