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
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { readMultipart, registerMultipart } from '../platform/http/multipart.plugin.ts';
import type { MeterService } from '../billing/meter.service.ts';
import type { ContractService } from './contract.service.ts';
import type { InvoiceService } from './invoice.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

export const INVOICES_URL = '/api/v1/invoices';
export const CONTRACTS_URL = '/api/v1/contracts';

// What the access guard checks (ADR 0021), the same permission each handler checks. The template
// preview is not anonymous: its link opens in the console (previewTemplate) for the token's tenant.
const READ_INVOICE = { config: { permission: 'read:invoice' } } as const;
const CREATE_INVOICE = { config: { permission: 'create:invoice' } } as const;
const READ_CONTRACT = { config: { permission: 'read:contract' } } as const;
const UPDATE_CONTRACT = { config: { permission: 'update:contract' } } as const;

type Action = 'read' | 'create' | 'update';
type Entity = 'invoice' | 'contract';

/** The caller's tenant and user, once the scope's roles allow the action. */
async function who(ctx: InvoiceRoutesDeps, req: FastifyRequest, action: Action, entity: Entity) {
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
const listOf = <T>(data: T[]) => ({ count: data.length, data });
const billsQuery = z.object({ view: z.enum(['all', 'history', 'undistributed', 'applicable']).default('all') });
const invoicesQuery = z.object({ pool_id: z.string().optional(), state: z.string().optional() });

/** invoice information (receiptInfoManage, receiptInfoDetail) and pools (billPoolDetail) */
function infoAndPoolRoutes(app: FastifyInstance, ctx: InvoiceRoutesDeps) {
  const svc = ctx.invoices;
  const tenantOf = async (req: FastifyRequest) => (await who(ctx, req, 'read', 'invoice')).tenantId;
  app.get('/api/v1/invoice-infos', READ_INVOICE, async (req) => listOf(await svc.infos.list(await tenantOf(req))));
  app.get('/api/v1/invoice-infos/:id', READ_INVOICE, async (req) => svc.infos.get(await tenantOf(req), idOf(req)));
  app.post('/api/v1/invoice-infos', CREATE_INVOICE, async (req, reply) => {
    const w = await who(ctx, req, 'create', 'invoice');
    return reply.status(201).send(await svc.infos.save(w, invoiceInfoSchema.parse(req.body ?? {}), null));
  });
  app.put('/api/v1/invoice-infos/:id', CREATE_INVOICE, async (req) => {
    const w = await who(ctx, req, 'create', 'invoice');
    const id = idOf(req);
    return svc.infos.save(w, invoiceInfoSchema.parse(req.body ?? {}), id);
  });
  app.get('/api/v1/invoice-pools', READ_INVOICE, async (req) => listOf(await svc.pools.list(await tenantOf(req))));
  app.get('/api/v1/invoice-pools/:id', READ_INVOICE, async (req) => {
    const p = await svc.pools.get(await tenantOf(req), idOf(req));
    return { ...p, invoice_list: p.invoice_list.map(withShown) };
  });
}

/** bills and their invoicing (billHistory, billUndistributedHistory, billHistoryDetail), GOA records (billOaHistory), AR documents (arDocManage, arDocDetail) */
function billRoutes(app: FastifyInstance, ctx: InvoiceRoutesDeps) {
  const svc = ctx.invoices;
  const tenantOf = async (req: FastifyRequest) => (await who(ctx, req, 'read', 'invoice')).tenantId;
  app.get(`${INVOICES_URL}/bills`, READ_INVOICE, async (req) => {
    const tenantId = await tenantOf(req);
    const { view } = billsQuery.parse(req.query ?? {});
    await ctx.meter.settled();
    return listOf(await svc.billsInView(tenantId, view));
  });
  app.get(`${INVOICES_URL}/bills/:id`, READ_INVOICE, async (req) => {
    const tenantId = await tenantOf(req);
    const row = await svc.billDetail(tenantId, idOf(req));
    return { ...row, invoice_list: row.invoice_list.map(withShown) };
  });
  app.get(`${INVOICES_URL}/approvals`, READ_INVOICE, async (req) => listOf(await svc.approvals(await tenantOf(req))));
  app.get('/api/v1/ar-docs', READ_INVOICE, async (req) => listOf(await svc.arDocs.list(await tenantOf(req))));
  app.get('/api/v1/ar-docs/:id', READ_INVOICE, async (req) => svc.arDocs.get(await tenantOf(req), idOf(req)));
}

/** invoices (billApply, invoiceManage, invoiceDetail) */
function invoiceListRoutes(app: FastifyInstance, ctx: InvoiceRoutesDeps) {
  const svc = ctx.invoices;
  app.get(INVOICES_URL, READ_INVOICE, async (req) => {
    const w = await who(ctx, req, 'read', 'invoice');
    const q = invoicesQuery.parse(req.query ?? {});
    const data = (await svc.invoices.list(w.tenantId, q)).map(withShown);
    return { count: data.length, data, month_end_notice: inMonthEndWindow(new Date()) };
  });
  app.get(`${INVOICES_URL}/:id`, READ_INVOICE, async (req) => {
    const w = await who(ctx, req, 'read', 'invoice');
    return { ...withShown(await svc.invoices.get(w.tenantId, idOf(req))), month_end_notice: inMonthEndWindow(new Date()) };
  });
  app.post(INVOICES_URL, CREATE_INVOICE, async (req, reply) => {
    const w = await who(ctx, req, 'create', 'invoice');
    const input = applySchema.parse(req.body ?? {});
    return reply.status(201).send(withShown(await svc.invoices.apply(w, input)));
  });
  for (const [path, kind] of [
    ['void', 'void'],
    ['red-flush', 'red_flush'],
  ] as const) {
    app.post(`${INVOICES_URL}/:id/${path}`, CREATE_INVOICE, async (req) => {
      const w = await who(ctx, req, 'create', 'invoice');
      const id = idOf(req);
      const { reason } = reversalSchema.parse(req.body ?? {});
      return withShown(await svc.invoices.reverse(w, id, kind, reason));
    });
  }
}

/** contracts (contractManage, contractDetail, previewTemplate) */
function contractRoutes(app: FastifyInstance, ctx: InvoiceRoutesDeps) {
  const contracts = ctx.contracts;
  const tenantOf = async (req: FastifyRequest) => (await who(ctx, req, 'read', 'contract')).tenantId;
  app.get(CONTRACTS_URL, READ_CONTRACT, async (req) => listOf(await contracts.list(await tenantOf(req))));
  app.post(`${CONTRACTS_URL}/template-link`, READ_CONTRACT, async (req) => {
    const link = contracts.previewToken(await tenantOf(req));
    return { ...link, url: `/previewTemplate?token=${link.token}` };
  });
  app.get(`${CONTRACTS_URL}/template-preview`, READ_CONTRACT, async (req) => {
    const tenantId = await tenantOf(req);
    const { token } = z.object({ token: z.string().min(1).max(2000) }).parse(req.query ?? {});
    return contracts.preview(tenantId, token);
  });
  app.get(`${CONTRACTS_URL}/:id`, READ_CONTRACT, async (req) => contracts.get(await tenantOf(req), idOf(req)));
  app.post(CONTRACTS_URL, UPDATE_CONTRACT, async (req, reply) => {
    const w = await who(ctx, req, 'update', 'contract');
    return reply.status(201).send(await contracts.create(w.tenantId, w.user.id, contractSchema.parse(req.body ?? {})));
  });
  app.put(`${CONTRACTS_URL}/:id`, UPDATE_CONTRACT, async (req) => {
    const w = await who(ctx, req, 'update', 'contract');
    const id = idOf(req);
    return contracts.update(w.tenantId, id, contractSchema.parse(req.body ?? {}));
  });
}

/** the signed protocol (uploadProtocol): read it, or upload one PDF of at most 10 MB */
async function protocolRoutes(app: FastifyInstance, ctx: InvoiceRoutesDeps) {
  const contracts = ctx.contracts;
  app.get(`${CONTRACTS_URL}/:id/protocol`, READ_CONTRACT, async (req, reply) => {
    const w = await who(ctx, req, 'read', 'contract');
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
      const w = await who(ctx, req, 'update', 'contract');
      const id = idOf(req);
      // another tenant's (or a missing) contract is 404 whatever the body
      await contracts.get(w.tenantId, id);
      const file = (await readMultipart(req)).files.at(-1);
      if (!file) throw new AppError(400, 'upload_empty');
      return contracts.upload(w.tenantId, id, file);
    });
  });
}

/** What these routes use; the composition root (app.ts) hands it in. */
export interface InvoiceRoutesDeps {
  contracts: ContractService;
  invoices: InvoiceService;
  meter: MeterService;
  tenancy: TenancyRepository;
}

export async function invoiceRoutes(app: FastifyInstance, ctx: InvoiceRoutesDeps) {
  infoAndPoolRoutes(app, ctx);
  billRoutes(app, ctx);
  invoiceListRoutes(app, ctx);
  contractRoutes(app, ctx);
  await protocolRoutes(app, ctx);
}
