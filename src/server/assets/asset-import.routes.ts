// Asset import at `/api/v1/assets/import` (multipart: one .xlsx of at most 2 MB, 500 rows) and its
// template at `/api/v1/assets/import-template`. Thin: scope from the headers, then the service; the
// import passes the platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../domain/errors.ts';
import { machineRoomKind } from '../../domain/kinds/machine-room/machine-room.kind.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { readMultipart, registerMultipart } from '../platform/http/multipart.plugin.ts';
import { IMPORT_LIMITS, importAssets, importTemplate, type AssetImportDeps } from './asset-import.service.ts';

export interface AssetImportRoutesDeps {
  tenancy: TenancyRepository;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function assetImportRoutes(app: FastifyInstance, ctx: AssetImportRoutesDeps) {
  const deps: AssetImportDeps = { resources: app.engine.resources };
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy, { project: 'required' });

  app.get('/api/v1/assets/import-template', { config: { permission: 'read:resource' } }, async (req, reply) => {
    const s = await scope(req);
    const rooms = (await deps.resources.list(s, machineRoomKind, { __limit: 1 })) as { data: { name: string }[] };
    const bytes = await importTemplate(req.lang, rooms.data[0]?.name ?? '');
    const name = req.lang === 'zh-TW' ? '資產匯入範本.xlsx' : '资产导入模板.xlsx';
    return reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(bytes);
  });

  await app.register(async (scoped) => {
    await registerMultipart(scoped, { fileBytes: IMPORT_LIMITS.fileBytes, fileLabel: IMPORT_LIMITS.fileLabel, files: 1, fields: 1 });
    scoped.post('/api/v1/assets/import', { config: { permission: 'create:resource' } }, async (req) => {
      const s = await scope(req);
      const form = await readMultipart(req);
      const file = form.files[0];
      if (!file) throw badRequest('asset_import.no_file');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('asset_import.not_xlsx');
      return importAssets(deps, s, req.lang, file);
    });
  });
}
