// Invoices and contracts API (issue 13, seed 000 "invoice drawers and pools"; ADR 0025). Tenant-wide:
// the tenant of the scope headers; reading needs `read:invoice` / `read:contract`, writing
// `create:invoice` / `update:contract`. Another tenant's ids answer 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import {
  PROTOCOL_MAX_BYTES,
  applySchema,
  contractSchema,
  inMonthEndWindow,
  invoiceInfoSchema,
  reversalSchema,
  shownState,
} from '../../domain/billing/invoices.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import { readMultipart, registerMultipart } from '../plugins/multipart.plugin.ts';
import type { AppContext } from '../context.ts';

export const INVOICES_URL = '/api/v1/invoices';
export const CONTRACTS_URL = '/api/v1/contracts';

// What the access guard checks (ADR 0021), the same permission each handler checks. The template
// preview is not anonymous: its link opens in the console (previewTemplate) for the token's tenant.
const READ_INVOICE = { config: { permission: 'read:invoice' } } as const;
const CREATE_INVOICE = { config: { permission: 'create:invoice' } } as const;
const READ_CONTRACT = { config: { permission: 'read:contract' } } as const;
const UPDATE_CONTRACT = { config: { permission: 'update:contract' } } as const;

export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const svc = ctx.invoices;
  const contracts = ctx.contracts;

  async function who(req: FastifyRequest, action: 'read' | 'create' | 'update', entity: 'invoice' | 'contract') {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, entity));
    return { tenantId: scope.tenantId, user: { id: scope.user.id, nickname: scope.user.nickname } };
  }
  const idOf = (req: FastifyRequest) => {
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    return id;
  };
  const withShown = <T extends { state: string; void_state: string | null; red_state: string | null }>(r: T) => ({ ...r, shown_state: shownState(r) });

  // invoice information (receiptInfoManage, receiptInfoDetail)
  app.get('/api/v1/invoice-infos', READ_INVOICE, async (req) => {
    const w = await who(req, 'read', 'invoice');
    const data = await svc.infos.list(w.tenantId);
    return { count: data.length, data };
  });
  app.get('/api/v1/invoice-infos/:id', READ_INVOICE, async (req) => svc.infos.get((await who(req, 'read', 'invoice')).tenantId, idOf(req)));
  app.post('/api/v1/invoice-infos', CREATE_INVOICE, async (req, reply) => {
    const w = await who(req, 'create', 'invoice');
    return reply.status(201).send(await svc.infos.save(w, invoiceInfoSchema.parse(req.body ?? {}), null));
  });
  app.put('/api/v1/invoice-infos/:id', CREATE_INVOICE, async (req) => {
    const w = await who(req, 'create', 'invoice');
    const id = idOf(req);
    return svc.infos.save(w, invoiceInfoSchema.parse(req.body ?? {}), id);
  });

  // pools (billPoolDetail)
  app.get('/api/v1/invoice-pools', READ_INVOICE, async (req) => {
    const data = await svc.pools.list((await who(req, 'read', 'invoice')).tenantId);
    return { count: data.length, data };
  });
  app.get('/api/v1/invoice-pools/:id', READ_INVOICE, async (req) => {
    const p = await svc.pools.get((await who(req, 'read', 'invoice')).tenantId, idOf(req));
    return { ...p, invoice_list: p.invoice_list.map(withShown) };
  });

  // bills and their invoicing (billHistory, billUndistributedHistory, billHistoryDetail)
  app.get(`${INVOICES_URL}/bills`, READ_INVOICE, async (req) => {
    const w = await who(req, 'read', 'invoice');
    const { view } = z.object({ view: z.enum(['all', 'history', 'undistributed', 'applicable']).default('all') }).parse(req.query ?? {});
    await ctx.meter.settled();
    const rows = await svc.billRows(w.tenantId);
    const data = rows.filter((r) =>
      view === 'history'
        ? r.state === 'invoice_applied' || r.state === 'invoiced' || r.invoices > 0
        : view === 'undistributed'
          ? (r.state === 'confirmed' || r.state === 'invoice_applied') && !r.invoice_id
          : view === 'applicable'
            ? r.state !== 'invoiced' && !r.invoice_id
            : true,
    );
    return { count: data.length, data };
  });
  app.get(`${INVOICES_URL}/bills/:id`, READ_INVOICE, async (req) => {
    const w = await who(req, 'read', 'invoice');
    const id = idOf(req);
    const row = (await svc.billRows(w.tenantId)).find((r) => r.id === id);
    if (!row) throw notFound();
    const list = (await svc.invoices.list(w.tenantId)).filter((i) => (i.bill_ids as string[]).includes(id));
    return { ...row, invoice_list: list.map(withShown) };
  });

  // GOA approval records (billOaHistory)
  app.get(`${INVOICES_URL}/approvals`, READ_INVOICE, async (req) => {
    const data = await svc.approvals((await who(req, 'read', 'invoice')).tenantId);
    return { count: data.length, data };
  });

  // invoices (billApply, invoiceManage, invoiceDetail)
  app.get(INVOICES_URL, READ_INVOICE, async (req) => {
    const w = await who(req, 'read', 'invoice');
    const q = z.object({ pool_id: z.string().optional(), state: z.string().optional() }).parse(req.query ?? {});
    const data = (await svc.invoices.list(w.tenantId, q)).map(withShown);
    return { count: data.length, data, month_end_notice: inMonthEndWindow(new Date()) };
  });
  app.get(`${INVOICES_URL}/:id`, READ_INVOICE, async (req) => {
    const w = await who(req, 'read', 'invoice');
    return { ...withShown(await svc.invoices.get(w.tenantId, idOf(req))), month_end_notice: inMonthEndWindow(new Date()) };
  });
  app.post(INVOICES_URL, CREATE_INVOICE, async (req, reply) => {
    const w = await who(req, 'create', 'invoice');
    const input = applySchema.parse(req.body ?? {});
    return reply.status(201).send(withShown(await svc.invoices.apply(w, input)));
  });
  for (const [path, kind] of [
    ['void', 'void'],
    ['red-flush', 'red_flush'],
  ] as const) {
    app.post(`${INVOICES_URL}/:id/${path}`, CREATE_INVOICE, async (req) => {
      const w = await who(req, 'create', 'invoice');
      const id = idOf(req);
      const { reason } = reversalSchema.parse(req.body ?? {});
      return withShown(await svc.invoices.reverse(w, id, kind, reason));
    });
  }

  // accounts-receivable documents (arDocManage, arDocDetail)
  app.get('/api/v1/ar-docs', READ_INVOICE, async (req) => {
    const data = await svc.arDocs.list((await who(req, 'read', 'invoice')).tenantId);
    return { count: data.length, data };
  });
  app.get('/api/v1/ar-docs/:id', READ_INVOICE, async (req) => svc.arDocs.get((await who(req, 'read', 'invoice')).tenantId, idOf(req)));

  // contracts (contractManage, contractDetail, uploadProtocol, previewTemplate)
  app.get(CONTRACTS_URL, READ_CONTRACT, async (req) => {
    const data = await contracts.list((await who(req, 'read', 'contract')).tenantId);
    return { count: data.length, data };
  });
  app.post(`${CONTRACTS_URL}/template-link`, READ_CONTRACT, async (req) => {
    const w = await who(req, 'read', 'contract');
    const link = contracts.previewToken(w.tenantId);
    return { ...link, url: `/previewTemplate?token=${link.token}` };
  });
  app.get(`${CONTRACTS_URL}/template-preview`, READ_CONTRACT, async (req) => {
    const w = await who(req, 'read', 'contract');
    const { token } = z.object({ token: z.string().min(1).max(2000) }).parse(req.query ?? {});
    return contracts.preview(w.tenantId, token);
  });
  app.get(`${CONTRACTS_URL}/:id`, READ_CONTRACT, async (req) => contracts.get((await who(req, 'read', 'contract')).tenantId, idOf(req)));
  app.post(CONTRACTS_URL, UPDATE_CONTRACT, async (req, reply) => {
    const w = await who(req, 'update', 'contract');
    return reply.status(201).send(await contracts.create(w.tenantId, w.user.id, contractSchema.parse(req.body ?? {})));
  });
  app.put(`${CONTRACTS_URL}/:id`, UPDATE_CONTRACT, async (req) => {
    const w = await who(req, 'update', 'contract');
    const id = idOf(req);
    return contracts.update(w.tenantId, id, contractSchema.parse(req.body ?? {}));
  });
  app.get(`${CONTRACTS_URL}/:id/protocol`, READ_CONTRACT, async (req, reply) => {
    const w = await who(req, 'read', 'contract');
    const file = await contracts.protocol(w.tenantId, idOf(req));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
  // Multipart only here: one PDF of at most 10 MB, checked by its bytes in the service.
  await app.register(async (scoped) => {
    await registerMultipart(scoped, { fileBytes: PROTOCOL_MAX_BYTES, fileLabel: '10 MB', files: 1, fields: 2 });
    scoped.post(`${CONTRACTS_URL}/:id/protocol`, UPDATE_CONTRACT, async (req) => {
      const w = await who(req, 'update', 'contract');
      const id = idOf(req);
      // another tenant's (or a missing) contract is 404 whatever the body
      await contracts.get(w.tenantId, id);
      const file = (await readMultipart(req)).files.at(-1);
      if (!file) throw new AppError(400, 'upload_empty');
      return contracts.upload(w.tenantId, id, file);
    });
  });
}
