// The sentence of a request (issue 28): the same text on the approval cards (web, i18next) and in
// the site messages (server, its own `t`), in zh-CN and zh-TW, never the stored language-neutral
// title (「erp-disk-32 size=820」, 「instances → 20」) or an internal key.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type i18n } from 'i18next';
import { requestSubject, subjectSummary, summarySubject, type SummaryT } from '../../src/domain/approvals/request-summary.ts';
import { requestTitle } from '../../src/domain/approvals/approval-summary.ts';
import { summaryOf } from '../../src/web/features/approvals/summary.ts';
import { renderParams } from '../../src/server/approvals/site-message.service.ts';
import { sharedT } from '../../src/server/platform/lib/i18n.ts';
import { t as serverT } from '../../src/server/platform/lib/i18n.ts';

const root = path.resolve(import.meta.dirname, '../../locales');
function bundles(lang: string) {
  const out: Record<string, unknown> = {};
  for (const f of fs.readdirSync(path.join(root, lang))) out[f.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(root, lang, f), 'utf8'));
  return out;
}

let cn: SummaryT;
let tw: SummaryT;
beforeAll(async () => {
  const inst: i18n = i18next.createInstance();
  await inst.init({
    resources: { 'zh-CN': bundles('zh-CN'), 'zh-TW': bundles('zh-TW') } as never,
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
  });
  cn = inst.getFixedT('zh-CN') as unknown as SummaryT;
  tw = inst.getFixedT('zh-TW') as unknown as SummaryT;
});

const RAW = /=|→ \d|instances|quota_key|size|undefined|null|\{|\}/;
const disk = { type: 'resource_expansion', payload: { resource_id: 'a'.repeat(32), action: 'expand', spec: { size: 820 } } };
const quota = { type: 'quota_change', payload: { quota_key: 'instances', value: 20 } };

describe('request sentence', () => {
  it('a disk expansion and a quota change read as sentences in both languages', () => {
    const d = summarySubject(disk.type, disk.payload, { resourceName: 'erp-disk-32' });
    expect(subjectSummary(cn, d)).toBe('云硬盘 erp-disk-32 扩容至 820 GB');
    expect(subjectSummary(tw, d)).toBe('雲端硬碟 erp-disk-32 擴容至 820 GB');
    const q = summarySubject(quota.type, quota.payload);
    expect(subjectSummary(cn, q)).toBe('配额 云主机数量 调整为 20');
    expect(subjectSummary(tw, q)).toBe('配額 雲端主機數量 調整為 20');
  });

  it('a host resize names the new flavor; a purchase its kind, name and spec', () => {
    const resize = summarySubject('resource_expansion', { resource_id: 'x', action: 'resize', spec: { flavor: 's6.large.2' } }, { resourceName: 'web-01' });
    expect(subjectSummary(cn, resize)).toBe('云主机 web-01 规格变更为 2 核 4 GB');
    expect(subjectSummary(tw, resize)).toBe('雲端主機 web-01 規格變更為 2 核 4 GB');
    const buy = summarySubject('resource_purchase', { kind: 'instance', name: 'ecs-mes-01', spec: { cpu: 4, memory: 8 } });
    expect(subjectSummary(cn, buy)).toBe('购买云主机 ecs-mes-01（4 核 8 GB）');
    expect(subjectSummary(tw, buy)).toBe('購買雲端主機 ecs-mes-01（4 核 8 GB）');
  });

  it('an invoice names its business number and amount; an unknown quota is not shown by its key', () => {
    const inv = summarySubject('invoice_apply', { business_no: 'FP202611001', amount_fen: 120000, invoice_id: 'x' });
    expect(subjectSummary(cn, inv)).toBe('业务单号 FP202611001，金额 ¥1,200.00');
    expect(subjectSummary(tw, inv)).toBe('業務單號 FP202611001，金額 ¥1,200.00');
    expect(subjectSummary(cn, summarySubject('quota_change', { quota_key: 'gpu_cards', value: 2 }))).toBe('配额 其他配额 调整为 2');
  });

  it('a request stored with only its language-neutral title still reads as a sentence, without ids', () => {
    const stored = { ...disk, title: requestTitle('resource_expansion', disk.payload, { resourceName: 'erp-disk-32' }) };
    expect(stored.title).toBe('erp-disk-32 size=820');
    expect(subjectSummary(cn, requestSubject(stored))).toBe('云硬盘 erp-disk-32 扩容至 820 GB');
    const noName = { ...disk, title: requestTitle('resource_expansion', disk.payload) };
    expect(subjectSummary(cn, requestSubject(noName))).toBe('云硬盘 扩容至 820 GB');
  });

  it('the cards and the site messages say the same, in the reader’s language', () => {
    for (const req of [disk, quota]) {
      const title = requestTitle(req.type as 'quota_change', req.payload, { resourceName: 'erp-disk-32' });
      const card = summaryOf(cn, { ...req, title });
      // what a message carries: the stored title (old readers) and the sentence's values
      const params = { requester: '张三', title, ...requestSubject({ ...req, title }), type: req.type };
      expect(renderParams('zh-CN', params).title).toBe(card);
      expect(renderParams('zh-TW', params).title).toBe(summaryOf(tw, { ...req, title }));
      const content = serverT('zh-CN', 'approvals:messages.new_request.content', renderParams('zh-CN', params));
      expect(content).toContain(card);
      expect(content).not.toMatch(RAW);
      expect(serverT('zh-TW', 'approvals:messages.new_request.content', renderParams('zh-TW', params))).not.toMatch(RAW);
    }
  });

  it('the server’s t falls back to defaultValue like i18next', () => {
    expect(sharedT('zh-CN')('approvals:quota.nope', { defaultValue: 'x' })).toBe('x');
    expect(sharedT('zh-TW')('approvals:quota.instances', { defaultValue: 'x' })).toBe('雲端主機數量');
  });
});
