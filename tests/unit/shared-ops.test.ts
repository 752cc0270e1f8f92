// Pure rules of the admin tag editor and the batch delete (src/domain/schemas/shared-ops.schema.ts).
import { describe, expect, it } from 'vitest';
import {
  adminTagManageSchema,
  adminTagQuerySchema,
  batchDeleteSchema,
  batchOutcome,
  isAdminTagCall,
  mayEditTagsAsAdmin,
  tagLabel,
  tagPairIssue,
} from '../../src/domain/schemas/shared-ops.schema.ts';

const T = 'a'.repeat(32);
const P = 'b'.repeat(32);
const R = 'c'.repeat(32);

describe('tag pairs (seed 000 §5)', () => {
  it('checks the key first: required, letters, digits and dots, 1–32', () => {
    expect(tagPairIssue('', 'x', 'admin')).toBe('tag_key_first');
    expect(tagPairIssue('   ', 'x', 'user')).toBe('tag_key_first');
    expect(tagPairIssue('env_x', 'x', 'admin')).toBe('tag_key');
    expect(tagPairIssue('k'.repeat(33), '', 'admin')).toBe('tag_key');
    expect(tagPairIssue('k'.repeat(32), '', 'admin')).toBeNull();
    expect(tagPairIssue('env.stage2', '', 'user')).toBeNull();
  });
  it('takes full-width brackets in values only in the admin variant', () => {
    expect(tagPairIssue('owner', '运维（二线）', 'admin')).toBeNull();
    expect(tagPairIssue('owner', '运维（二线）', 'user')).toBe('tag_value');
    expect(tagPairIssue('owner', '运维(二线)', 'admin')).toBe('tag_value_admin');
    expect(tagPairIssue('owner', 'a b', 'admin')).toBe('tag_value_admin');
    expect(tagPairIssue('owner', 'v'.repeat(61), 'admin')).toBe('tag_value_admin');
    expect(tagPairIssue('owner', 'v'.repeat(60), 'admin')).toBeNull();
    expect(tagPairIssue('owner', 'prod_v1.2-a生产', 'user')).toBeNull();
  });
  it('labels a tag as key: value, or the key alone', () => {
    expect(tagLabel({ tag_key: 'env', tag_value: 'prod' })).toBe('env: prod');
    expect(tagLabel({ tag_key: 'env', tag_value: '' })).toBe('env');
  });
});

describe('admin tag calls name their scope (seed 000 §6)', () => {
  it('is the admin variant only when tenant_id is given', () => {
    expect(isAdminTagCall({ tenant_id: T })).toBe(true);
    expect(isAdminTagCall({ tenant_id: '' })).toBe(false);
    expect(isAdminTagCall({ resource_type: 'instance' })).toBe(false);
    expect(isAdminTagCall(undefined)).toBe(false);
  });
  it('needs project_id except for the resource type project', () => {
    expect(adminTagQuerySchema.safeParse({ resource_type: 'instance', tenant_id: T, project_id: P }).success).toBe(true);
    const missing = adminTagQuerySchema.safeParse({ resource_type: 'instance', tenant_id: T });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.path).toEqual(['project_id']);
    expect(adminTagQuerySchema.safeParse({ resource_type: 'project', tenant_id: T }).success).toBe(true);
    expect(adminTagQuerySchema.safeParse({ resource_type: 'instance', tenant_id: 'x', project_id: P }).success).toBe(false);
  });
  it('applies the admin value rule to tag-manage', () => {
    const body = (value: string) => ({
      resources: [{ type: 'instance', rids: [R] }],
      tags: [{ tag_key: 'owner', tag_value: value }],
      tenant_id: T,
      project_id: P,
    });
    expect(adminTagManageSchema.safeParse(body('平台（一部）')).success).toBe(true);
    expect(adminTagManageSchema.safeParse(body('平台(一部)')).success).toBe(false);
    expect(adminTagManageSchema.safeParse({ ...body('x'), project_id: undefined }).success).toBe(false);
  });
});

describe('batch delete', () => {
  it('takes 1–100 distinct ids and retention 7–60 days', () => {
    expect(batchDeleteSchema.safeParse({ ids: [R], sms_code: '012345', delayed_days: 7 }).success).toBe(true);
    expect(batchDeleteSchema.safeParse({ ids: [R], delayed_days: 60 }).success).toBe(true);
    expect(batchDeleteSchema.safeParse({ ids: [R], delayed_days: 6 }).success).toBe(false);
    expect(batchDeleteSchema.safeParse({ ids: [R], delayed_days: 61 }).success).toBe(false);
    expect(batchDeleteSchema.safeParse({ ids: [R], delayed_days: 7.5 }).success).toBe(false);
    expect(batchDeleteSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(batchDeleteSchema.safeParse({ ids: [R, R] }).success).toBe(false);
    expect(batchDeleteSchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(32, '0')) }).success).toBe(false);
    expect(batchDeleteSchema.safeParse({ ids: [R], sms_code: '12ab56' }).success).toBe(false);
  });
  it('sums up the answer and names the refused rows', () => {
    const out = batchOutcome(
      [
        { id: 'a', ok: true, status: 'deleting' },
        { id: 'b', ok: false, description: '已锁定的云主机不能销毁' },
        { id: 'c', name: 'host-c', ok: false, description: '当前状态不允许删除' },
      ],
      (id) => (id === 'b' ? 'host-b' : undefined),
    );
    expect(out.ok).toBe(1);
    expect(out.refused).toEqual([
      { id: 'b', name: 'host-b', description: '已锁定的云主机不能销毁' },
      { id: 'c', name: 'host-c', description: '当前状态不允许删除' },
    ]);
  });
});

describe('who uses the admin tag editor', () => {
  it('is the super administrator or a tenant administrator, never the ops administrator or a project role', () => {
    expect(mayEditTagsAsAdmin(['super_admin'])).toBe(true);
    expect(mayEditTagsAsAdmin(['tenant_admin'])).toBe(true);
    expect(mayEditTagsAsAdmin(['ops_admin'])).toBe(false);
    expect(mayEditTagsAsAdmin(['project_member', 'project_owner'])).toBe(false);
    expect(mayEditTagsAsAdmin(['made_up'])).toBe(false);
    expect(mayEditTagsAsAdmin([])).toBe(false);
  });
});
