// ICP filings (issue 31) as module functions over their deps: materials uploaded one by one and
// checked by their bytes (JPG, PNG or PDF, at most 5 MB), a filing submitted with its subject, site
// and materials (the financial tenant's security assessment among them), the tenant's list and a
// filing's detail with its steps, the public lookup of completed filings, and the scheduler's pass
// that moves filings on over their 3–5 working days (the simulated review). Another tenant's filing
// or material is 404.
import { fileTypeFromBuffer } from 'file-type';
import { areaList } from '@vant/area-data';
import { AppError, badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import {
  FINANCIAL_MATERIALS,
  ICP_STATES,
  MATERIAL_KINDS,
  MATERIAL_LIMITS,
  REQUIRED_MATERIALS,
  icpCreateSchema,
  icpNumber,
  icpSchedule,
  icpStateAt,
  provinceAbbr,
  type IcpFiling,
  type IcpLookup,
  type IcpMaterial,
  type IcpState,
  type MaterialKind,
} from '../../domain/icp.ts';
import { industryRequirements } from '../../domain/tenant-industry.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { runList } from '../platform/lib/list.ts';
import { FILING_LIST, type FilingRow, type IcpRepository, type MaterialMeta } from './icp.repository.ts';

export interface IcpDeps {
  repo: IcpRepository;
  now: () => Date;
}

/** Financial tenants file with the security assessment too (seed 001 §5; the industry's requirements). */
const isFinancial = (business: string | null) => industryRequirements(business).icpSecurityMaterial;

export async function requirements(deps: IcpDeps, scope: Scope) {
  const financial = isFinancial(await deps.repo.tenantBusiness(scope.tenantId));
  return { financial, materials: [...REQUIRED_MATERIALS, ...(financial ? FINANCIAL_MATERIALS : [])], limits: { file_bytes: MATERIAL_LIMITS.fileBytes } };
}

const materialOut = (m: MaterialMeta): IcpMaterial => ({ id: m.id, kind: m.kind as MaterialKind, name: m.name, size: m.size, mime: m.mime });

/** One uploaded material: its kind named, its bytes an image or a PDF (never trusted by name). */
export async function uploadMaterial(deps: IcpDeps, scope: Scope, kind: unknown, file: { filename: string; bytes: Buffer } | undefined): Promise<IcpMaterial> {
  if (typeof kind !== 'string' || !(MATERIAL_KINDS as readonly string[]).includes(kind)) throw badRequest('icp.material_kind');
  if (!file) throw badRequest('upload_empty');
  const found = await fileTypeFromBuffer(file.bytes);
  if (!found || !(MATERIAL_LIMITS.mimes as readonly string[]).includes(found.mime)) throw new AppError(415, 'icp.material_type', { name: file.filename });
  const row = await deps.repo.insertMaterial({
    tenant_id: scope.tenantId,
    uploader_id: scope.user.id,
    kind,
    name: file.filename.slice(0, 200),
    mime: found.mime,
    size: file.bytes.length,
    data: file.bytes,
  });
  return materialOut(row);
}

export async function material(deps: IcpDeps, scope: Scope, id: string) {
  const row = isId(id) ? await deps.repo.material(scope.tenantId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The region codes name a mainland province, one of its cities and one of that city's districts. */
function checkRegion(s: { province: string; city: string; district: string }) {
  const ok =
    s.province in areaList.province_list &&
    s.city in areaList.city_list &&
    s.district in areaList.county_list &&
    s.city.slice(0, 2) === s.province.slice(0, 2) &&
    s.district.slice(0, 4) === s.city.slice(0, 4);
  if (!ok) throw invalid('subject.province', 'icp_region');
  if (!provinceAbbr(s.province)) throw conflict('icp.region_outside');
}

function filingOut(row: FilingRow, materials: MaterialMeta[]): IcpFiling {
  const reached = ICP_STATES.indexOf(row.status as IcpState);
  const at = icpSchedule(row.id, row.submitted_at);
  return {
    id: row.id,
    status: row.status as IcpState,
    icp_number: row.icp_number,
    subject: JSON.parse(row.subject),
    site: JSON.parse(row.site),
    materials: materials.filter((m) => m.filing_id === row.id).map(materialOut),
    steps: ICP_STATES.map((state, i) => ({ state, at: i <= reached ? at[state].toISOString() : null })),
    submitted_at: row.submitted_at.toISOString(),
    expected_at: at.completed.toISOString(),
    completed_at: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

export async function createFiling(deps: IcpDeps, scope: Scope, body: unknown): Promise<IcpFiling> {
  const input = parse(icpCreateSchema, body);
  checkRegion(input.subject);
  const mats = await deps.repo.materialsByIds(scope.tenantId, input.material_ids);
  const usable = mats.filter((m) => m.uploader_id === scope.user.id && m.filing_id === null);
  if (usable.length !== new Set(input.material_ids).size) throw badRequest('attachment_unknown');
  const { materials: needed } = await requirements(deps, scope);
  const missing = needed.filter((k) => !usable.some((m) => m.kind === k));
  if (missing[0]) throw badRequest(`icp.missing_${missing[0]}`);
  const now = deps.now();
  const id = newId();
  const row: Omit<FilingRow, 'icp_number' | 'completed_at'> = {
    id,
    tenant_id: scope.tenantId,
    project_id: scope.projectId,
    created_by: scope.user.id,
    domain: input.site.domain,
    subject: JSON.stringify(input.subject),
    site: JSON.stringify(input.site),
    status: 'initial_review',
    submitted_at: now,
    next_at: icpSchedule(id, now).bureau_review,
  };
  if (
    !(await deps.repo.insertFiling(
      row,
      usable.map((m) => m.id),
    ))
  )
    throw conflict('icp.domain_filed', { domain: input.site.domain });
  return getFiling(deps, scope, id);
}

export async function listFilings(deps: IcpDeps, scope: Scope, query: unknown) {
  const page = await runList(deps.repo.listQuery(scope.tenantId), (qb) => qb.selectAll(), query, FILING_LIST);
  const rows = page.data as FilingRow[];
  const materials = await deps.repo.materialsOf(rows.map((r) => r.id));
  return { ...page, data: rows.map((r) => filingOut(r, materials)) };
}

export async function getFiling(deps: IcpDeps, scope: Scope, id: string): Promise<IcpFiling> {
  const row = isId(id) ? await deps.repo.filing(scope.tenantId, id) : undefined;
  if (!row) throw notFound();
  return filingOut(row, await deps.repo.materialsOf([row.id]));
}

/** The public lookup (no sign-in): a completed filing of the domain, or 404 — nothing of one under review. */
export async function lookup(deps: IcpDeps, domainRaw: unknown): Promise<IcpLookup> {
  const domain = typeof domainRaw === 'string' ? domainRaw.trim().toLowerCase().slice(0, 253) : '';
  if (!domain) throw invalid('domain', 'required');
  const row = await deps.repo.completedByDomain(domain);
  if (!row?.icp_number || !row.completed_at) throw notFound('icp.not_filed');
  const subject = JSON.parse(row.subject) as IcpFiling['subject'];
  const site = JSON.parse(row.site) as IcpFiling['site'];
  return {
    icp_number: row.icp_number,
    sponsor_name: subject.sponsor_name,
    nature: subject.nature,
    site_name: site.site_name,
    domain: row.domain,
    completed_at: row.completed_at.toISOString(),
  };
}

const shanghaiYear = (d: Date) => new Date(d.getTime() + 8 * 3600_000).getUTCFullYear();

/** The scheduler's pass: every filing whose next step is due takes it (the review is simulated). */
export function advanceDue(deps: IcpDeps, now = deps.now()): Promise<number> {
  return deps.repo.advanceDue(
    now,
    (row) => {
      const state = icpStateAt(row.id, row.submitted_at, now);
      const at = icpSchedule(row.id, row.submitted_at);
      const following = ICP_STATES[ICP_STATES.indexOf(state) + 1];
      return { status: state, next_at: following ? at[following] : null, completed_at: state === 'completed' ? at.completed : null };
    },
    (row, seq) => icpNumber((JSON.parse(row.subject) as { province: string }).province, shanghaiYear(icpSchedule(row.id, row.submitted_at).completed), seq),
  );
}
