// Rules of CDN domains and refresh / warm-up tasks (seed 001 §5, §8, §10): the domain 1-63, origins
// other than the domain with a primary among them, ports 80/443, HTTPS needing a certificate that
// covers the domain, task URLs per type and the daily limits.
import { describe, expect, it } from 'vitest';
import { certificateCovers, isCdnDomain, isOriginAddress } from '../../src/domain/kinds/cdn-domain/cdn-domain.rules.ts';
import { cdnCreateSchema, cdnHttpsSchema } from '../../src/domain/kinds/cdn-domain/cdn-domain.schema.ts';
import { CDN_DAILY_LIMITS, taskUrlProblem } from '../../src/domain/kinds/cdn-task/cdn-task.rules.ts';
import { cdnTaskCreateSchema } from '../../src/domain/kinds/cdn-task/cdn-task.schema.ts';

const where = { vendor: 'openstack', region_id: 'a'.repeat(32), az_id: 'b'.repeat(32) };
const issue = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? null : `${r.error!.issues[0]!.path.join('.')}:${r.error!.issues[0]!.message}`;
};

describe('CDN domain rules', () => {
  it('domain 1-63 characters, host name or *. wildcard', () => {
    for (const ok of ['a.cn', 'www.example.com', '*.example.com', `${'a'.repeat(60)}.cn`]) expect(isCdnDomain(ok), ok).toBe(true);
    for (const bad of ['', 'cn', `${'a'.repeat(61)}.cn`, '-a.cn', 'a_b.cn', 'http://a.cn', 'a.cn/x', '*a.cn']) expect(isCdnDomain(bad), bad).toBe(false);
    expect(isOriginAddress('47.1.2.3')).toBe(true);
    expect(isOriginAddress('origin.a.cn')).toBe(true);
    expect(isOriginAddress('47.1.2')).toBe(false);
  });

  it('origins differ from the domain, repeat nothing, include a primary; ports 80 or 443; HTTPS needs a certificate', () => {
    const body = (extra: Record<string, unknown>) => ({ ...where, name: 'www.a.cn', origins: [{ address: '47.1.2.3' }], ...extra });
    expect(issue(cdnCreateSchema, body({}))).toBeNull();
    expect(issue(cdnCreateSchema, body({ origins: [{ address: 'www.a.cn' }] }))).toBe('origins.0.address:origin_same_as_domain');
    expect(issue(cdnCreateSchema, body({ origins: [{ address: '47.1.2.3' }, { address: '47.1.2.3', role: 'backup' }] }))).toBe(
      'origins.1.address:origin_repeated',
    );
    expect(issue(cdnCreateSchema, body({ origins: [{ address: '47.1.2.3', role: 'backup' }] }))).toBe('origins:primary_required');
    expect(issue(cdnCreateSchema, body({ origins: [] }))).toMatch(/^origins:/);
    expect(issue(cdnCreateSchema, body({ origin_port: 443 }))).toBeNull();
    expect(issue(cdnCreateSchema, body({ origin_port: 8080 }))).toBe('origin_port:origin_port');
    expect(issue(cdnCreateSchema, body({ https: true }))).toBe('certificate_id:required');
    expect(issue(cdnHttpsSchema, { https: true })).toBe('certificate_id:required');
    expect(issue(cdnHttpsSchema, { https: false })).toBeNull();
  });

  it('a certificate covers its exact names and one level under a wildcard', () => {
    expect(certificateCovers(['www.a.cn'], 'www.a.cn')).toBe(true);
    expect(certificateCovers(['*.a.cn'], 'www.a.cn')).toBe(true);
    expect(certificateCovers(['*.a.cn'], 'x.www.a.cn')).toBe(false);
    expect(certificateCovers(['*.a.cn'], 'a.cn')).toBe(false);
    expect(certificateCovers(['*.a.cn'], '*.a.cn')).toBe(true);
    expect(certificateCovers(['www.a.cn'], '*.a.cn')).toBe(false);
  });
});

describe('CDN task rules', () => {
  it('daily limits: URL refresh 2000, warm-up 500, directory 100', () => {
    expect(CDN_DAILY_LIMITS).toEqual({ url_refresh: 2000, warmup: 500, dir_refresh: 100 });
  });

  it('URLs are http(s); a directory ends with /; at most 100 a task, repeats counted once', () => {
    expect(taskUrlProblem('url_refresh', 'https://a.cn/x.js')).toBeNull();
    expect(taskUrlProblem('url_refresh', 'ftp://a.cn/x')).toBe('task_url');
    expect(taskUrlProblem('url_refresh', 'a.cn/x')).toBe('task_url');
    expect(taskUrlProblem('dir_refresh', 'https://a.cn/static')).toBe('task_dir_slash');
    expect(taskUrlProblem('dir_refresh', 'https://a.cn/static/')).toBeNull();
    const id = 'c'.repeat(32);
    expect(
      issue(cdnTaskCreateSchema, { domain_id: id, task_type: 'url_refresh', urls: Array.from({ length: 101 }, (_, i) => `https://a.cn/${i}`).join('\n') }),
    ).toBe('urls:task_too_many_urls');
    const out = cdnTaskCreateSchema.parse({ domain_id: id, task_type: 'warmup', urls: 'https://a.cn/1, https://a.cn/2\nhttps://a.cn/1' }) as Record<
      string,
      unknown
    >;
    expect(out).toMatchObject({ urls: ['https://a.cn/1', 'https://a.cn/2'], url_count: 2, name: 'warmup-a.cn' });
  });
});
