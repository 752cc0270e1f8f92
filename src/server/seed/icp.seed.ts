// Demo ICP filings (issue 31) of tenant_admin's tenant, one in each part of the review: the group's
// website completed long ago (found by the public lookup on /isp), the supply-chain portal with the
// bureau, and the test site just submitted. Their states follow their submission times, so the
// scheduler moves the newer ones on like any filing. Each has its three materials. Seeds are data.
import type { Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { icpNumber, icpSchedule, icpStateAt, ICP_STATES } from '../../domain/icp.ts';
import type { Db } from '../platform/db/database.ts';
import { firstProject } from './db-instances.seed.ts';

const DAY = 86_400_000;
const SUBJECT = {
  sponsor_name: '华东制造集团有限公司',
  nature: 'enterprise',
  cert_type: 'business_licence',
  cert_number: '91310115MA1K3Y8X2Q',
  province: '310000',
  city: '310100',
  district: '310115',
  address: '上海市浦东新区张江路 88 号 5 号楼',
  leader_name: '王建国',
  leader_phone: '13816820001',
  emergency_phone: '021-58881234',
};
const FILINGS = [
  { ageDays: 60, site: { site_name: '华东制造集团官网', domain: 'hdmfg.com.cn', url: 'https://www.hdmfg.com.cn', ip: '47.100.21.8' } },
  { ageDays: 2, site: { site_name: '供应链协同门户', domain: 'hdscm.cn', url: 'https://portal.hdscm.cn', ip: '47.100.21.9', remarks: '供应商协同入口' } },
  { ageDays: 0.1, site: { site_name: '研发测试平台', domain: 'hdrnd.cn', url: 'http://test.hdrnd.cn', ip: '101.132.8.40' } },
] as const;

// The smallest files their checks recognise by content: a 1×1 PNG and a one-page PDF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const MATERIALS = [
  { kind: 'licence', name: '营业执照.pdf', mime: 'application/pdf', data: PDF },
  { kind: 'leader_id', name: '负责人身份证.png', mime: 'image/png', data: PNG },
  { kind: 'site_verification', name: '网站核验单.pdf', mime: 'application/pdf', data: PDF },
] as const;

export async function seedIcp(db: Db, now = new Date()): Promise<void> {
  const raw = db as unknown as Kysely<any>;
  const scope = await firstProject(db);
  if (!scope) return;
  const owner = await db.selectFrom('users').select('id').where('account', '=', 'tenant_admin').executeTakeFirstOrThrow();
  let seq = 0;
  for (const f of FILINGS) {
    const id = newId();
    const submitted = new Date(now.getTime() - f.ageDays * DAY);
    const status = icpStateAt(id, submitted, now);
    const at = icpSchedule(id, submitted);
    const next = ICP_STATES[ICP_STATES.indexOf(status) + 1];
    const done = status === 'completed';
    if (done) seq = Number((await raw.selectNoFrom((eb) => eb.fn<string>('nextval', [eb.val('icp_number_seq')]).as('n')).executeTakeFirstOrThrow()).n);
    await raw
      .insertInto('icp_filings')
      .values({
        id,
        tenant_id: scope.tenant_id,
        project_id: scope.project_id,
        created_by: owner.id,
        domain: f.site.domain,
        subject: JSON.stringify(SUBJECT),
        site: JSON.stringify(f.site),
        status,
        icp_number: done ? icpNumber(SUBJECT.province, at.completed.getFullYear(), seq) : null,
        submitted_at: submitted,
        next_at: next ? at[next] : null,
        completed_at: done ? at.completed : null,
      })
      .execute();
    await raw
      .insertInto('icp_materials')
      .values(
        MATERIALS.map((m) => ({
          ...m,
          id: newId(),
          tenant_id: scope.tenant_id,
          uploader_id: owner.id,
          filing_id: id,
          size: m.data.length,
          created_at: submitted,
        })),
      )
      .execute();
  }
}
