// The request helper's pure parts: every row of the seed 000 §8 error table, the query encoding,
// download file names and the headers.
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import zhCNErrors from '../../locales/zh-CN/errors.json' with { type: 'json' };
import zhTWErrors from '../../locales/zh-TW/errors.json' with { type: 'json' };
import { apiUrl, errorText, filenameFromDisposition, noticeFor, toQuery } from '../../src/web/lib/request.ts';
import { TIMEOUT_MS } from '../../src/domain/constants.ts';

const body = (description?: string) => ({ title: '错误', description });

// The app loads zh-TW bundles into i18next when zh-TW is chosen; here they are put there directly.
beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'zh-CN', resources: {} });
  i18next.addResourceBundle('zh-CN', 'errors', zhCNErrors, true, true);
  i18next.addResourceBundle('zh-TW', 'errors', zhTWErrors, true, true);
});

describe('noticeFor (seed 000 §8)', () => {
  it('400: the description', () => {
    expect(noticeFor(400, body('名称：不能为空'), 'zh-CN')).toEqual({
      kind: 'error',
      title: '错误',
      description: '名称：不能为空',
      seconds: 20,
      closable: true,
    });
  });
  it('401: clears the session and goes to login, no message', () => {
    expect(noticeFor(401, body('登录已失效'), 'zh-CN')).toEqual({ kind: 'logout' });
    expect(noticeFor(401, null, 'zh-TW')).toEqual({ kind: 'logout' });
  });
  it('401 of the sign-in call itself: the description (wrong account or password)', () => {
    expect(noticeFor(401, body('账号或密码错误'), 'zh-CN', '', { signIn: true })).toMatchObject({ kind: 'error', description: '账号或密码错误', seconds: 20 });
    expect(noticeFor(401, null, 'zh-TW', '', { signIn: true })).toMatchObject({ kind: 'error', description: '帳號或密碼錯誤' });
  });
  const fallbacks: [number, string, string][] = [
    [403, '权限不足！', '權限不足！'],
    [404, '资源未找到', '找不到資源'],
    [405, '请求方法不被允许', '不允許的請求方法'],
    [409, '资源冲突！', '資源衝突！'],
    [429, '请求频率过高！', '請求頻率過高！'],
    [500, '服务器内部错误', '伺服器內部錯誤'],
  ];
  for (const [status, cn, tw] of fallbacks) {
    it(`${status}: the description, else the fallback in the current language`, () => {
      expect(noticeFor(status, body('服务端说明'), 'zh-CN')).toMatchObject({ kind: 'error', description: '服务端说明', seconds: 20 });
      expect(noticeFor(status, body(), 'zh-CN')).toMatchObject({ kind: 'error', title: '错误', description: cn, seconds: 20 });
      expect(noticeFor(status, null, 'zh-TW')).toMatchObject({ kind: 'error', title: '錯誤', description: tw, seconds: 20 });
      expect(noticeFor(status, body('   '), 'zh-CN')).toMatchObject({ description: cn });
    });
  }
  it('428: the description, 8 s up to 15 characters, else 13 s, closable', () => {
    expect(noticeFor(428, body('令牌校验失败'), 'zh-CN')).toMatchObject({ description: '令牌校验失败', seconds: 8, closable: true });
    expect(noticeFor(428, body('一二三四五六七八九十一二三四五'), 'zh-CN')).toMatchObject({ seconds: 8 });
    expect(noticeFor(428, body('一二三四五六七八九十一二三四五六'), 'zh-CN')).toMatchObject({ seconds: 13 });
    expect(noticeFor(428, null, 'zh-CN')).toMatchObject({ description: '令牌校验失败，请重新登录', seconds: 8 });
  });
  it('other 4xx with a description: the description', () => {
    expect(noticeFor(422, body('同一幂等键已用于内容不同的请求'), 'zh-CN')).toMatchObject({
      kind: 'error',
      description: '同一幂等键已用于内容不同的请求',
      seconds: 20,
    });
    expect(noticeFor(418, body('茶壶'), 'zh-TW')).toMatchObject({ title: '錯誤', description: '茶壶' });
  });
  it('other failures without a description still say what happened', () => {
    expect(noticeFor(418, null, 'zh-CN')).toMatchObject({ description: '请求失败（状态码 418）' });
    expect(noticeFor(503, null, 'zh-TW')).toMatchObject({ description: '請求失敗（狀態碼 503）' });
  });
  it('no response: "request timed out" followed by the request, 8 s / 13 s', () => {
    expect(noticeFor(0, null, 'zh-CN')).toMatchObject({ description: '请求超时！', seconds: 8, closable: true });
    const n = noticeFor(0, null, 'zh-CN', 'GET /api/v1/resources?__limit=10');
    expect(n).toMatchObject({ description: '请求超时！ GET /api/v1/resources?__limit=10', seconds: 13 });
    expect(noticeFor(0, null, 'zh-TW')).toMatchObject({ title: '錯誤', description: '請求逾時！' });
  });
  it('success statuses give no notice', () => {
    expect(noticeFor(200, null, 'zh-CN')).toBeNull();
  });
});

describe('payloads and URLs', () => {
  it('GET/DELETE payload as a query: arrays comma-joined, empties left out', () => {
    expect(toQuery({ enabled: true, __limit: 1000, tenant_id: ['a', 'b'], name: '', x: undefined, y: null, z: [] })).toBe(
      '?enabled=true&__limit=1000&tenant_id=a%2Cb',
    );
    expect(toQuery(undefined)).toBe('');
    expect(toQuery({ q: '云 主机' })).toBe('?q=%E4%BA%91+%E4%B8%BB%E6%9C%BA');
  });
  it('paths are under /api', () => {
    expect(apiUrl('v1/menus')).toBe('/api/v1/menus');
    expect(apiUrl('/v1/menus')).toBe('/api/v1/menus');
    expect(apiUrl('/api/tenants')).toBe('/api/tenants');
  });
  it('time-outs of §9', () => {
    expect(TIMEOUT_MS).toEqual({ request: 30_000, list: 120_000, export: 600_000, upload: 60_000 });
  });
});

describe('download file names', () => {
  it('from content-disposition, RFC 5987 first', () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E4%BA%91%E4%B8%BB%E6%9C%BA.xlsx")).toBe('云主机.xlsx');
    expect(filenameFromDisposition('attachment; filename="bills.csv"')).toBe('bills.csv');
    expect(filenameFromDisposition('attachment; filename=%E8%B4%A6%E5%8D%95.xlsx')).toBe('账单.xlsx');
  });
  it('default extension .xls', () => {
    expect(filenameFromDisposition('attachment; filename="report"')).toBe('report.xls');
    expect(filenameFromDisposition(null)).toBe('download.xls');
    expect(filenameFromDisposition(undefined, '资源导出')).toBe('资源导出.xls');
  });
});

describe('texts', () => {
  it('fill their placeholders', () => {
    expect(errorText('zh-CN', 'request_failed', { status: 502 })).toBe('请求失败（状态码 502）');
  });
});
