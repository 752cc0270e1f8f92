// Pure rules of the service desk and the user centre: the work order state machine, names that
// disguise a file's type, the password rules, and how an outbox entry carries its files.
import { describe, expect, it } from 'vitest';
import { canRate, nameMatchesType, nextStatus, repliesOpen, slaDeadline } from '../../src/domain/desk.ts';
import { workorderCreateSchema } from '../../src/domain/desk-schemas.ts';
import { maskIdNumber, passwordProblem } from '../../src/domain/account.ts';
import { bodyWithFiles, fileKey, fileProgress, newEntry } from '../../src/web/offline/outbox-rules.ts';

describe('work order states', () => {
  it('moves only along 已提交 → 处理中 → 待确认 → 已解决 / 未解决 (→ 处理中)', () => {
    expect(nextStatus('accept', 'submitted')).toBe('processing');
    expect(nextStatus('accept', 'unresolved')).toBe('processing');
    expect(nextStatus('accept', 'processing')).toBeNull();
    expect(nextStatus('propose', 'processing')).toBe('to_confirm');
    expect(nextStatus('propose', 'submitted')).toBeNull();
    expect(nextStatus('confirm', 'to_confirm')).toBe('resolved');
    expect(nextStatus('reject_solution', 'to_confirm')).toBe('unresolved');
    expect(nextStatus('confirm', 'resolved')).toBeNull();
    expect(repliesOpen('resolved')).toBe(false);
    expect(canRate('resolved', false)).toBe(true);
    expect(canRate('resolved', true)).toBe(false);
    expect(canRate('to_confirm', false)).toBe(false);
    expect(slaDeadline('2026-11-24T00:00:00Z', 'high').toISOString()).toBe('2026-11-24T04:00:00.000Z');
  });

  it('takes a title under 32 and a contact under 8 characters', () => {
    const base = {
      workorder_type_id: 'a'.repeat(32),
      title: '一'.repeat(31),
      contact: '一'.repeat(7),
      phone: '13900000003',
      email: 'a@b.cn',
      urgency: 'low',
      contact_time: 'any',
      description: 'x',
    };
    expect(workorderCreateSchema.safeParse(base).success).toBe(true);
    expect(workorderCreateSchema.safeParse({ ...base, title: '一'.repeat(32) }).success).toBe(false);
    expect(workorderCreateSchema.safeParse({ ...base, contact: '一'.repeat(8) }).success).toBe(false);
    expect(workorderCreateSchema.safeParse({ ...base, phone: '23900000003' }).success).toBe(false);
  });

  it('refuses a name that promises another type than the content', () => {
    expect(nameMatchesType('photo.png', 'application/pdf')).toBe(false);
    expect(nameMatchesType('photo.JPG', 'image/jpeg')).toBe(true);
    expect(nameMatchesType('scan', 'application/pdf')).toBe(true);
    expect(nameMatchesType('a.exe', 'application/pdf')).toBe(false);
  });
});

describe('passwords and masks', () => {
  it('applies the seed rules in order', () => {
    expect(passwordProblem('Ab1', 'x')).toBe('password_length');
    expect(passwordProblem('abcdefg12', 'x')).toBe('password_mix');
    expect(passwordProblem('密码Abcd1234', 'x')).toBe('no_chinese');
    expect(passwordProblem('MyPassword1', 'x')).toBe('password_reserved');
    expect(passwordProblem('Lina2026Xy', 'lina')).toBe('password_account');
    expect(passwordProblem('Yunshu2026Ok', 'lina')).toBeNull();
    expect(maskIdNumber('310104198805123216')).toBe('310***********3216');
  });
});

describe('outbox entries with files', () => {
  it('derives one key per file and puts the uploaded ids into the body', () => {
    const blob = new Blob(['x']);
    const entry = newEntry(
      {
        method: 'POST',
        url: '/api/v1/workorders',
        body: { title: 't' },
        label: 'l',
        files: [
          { name: 'a.jpg', type: 'image/jpeg', blob },
          { name: 'b.pdf', type: 'application/pdf', blob },
        ],
        upload: { url: '/u', field: 'attachment_ids' },
      },
      1,
      'k'.repeat(32),
    );
    expect(fileKey(entry.idempotencyKey, 1)).toBe(`${'k'.repeat(32)}-f1`);
    expect(fileProgress(entry)).toEqual({ done: 0, total: 2 });
    const up = { ...entry, files: entry.files!.map((f, i) => ({ ...f, uploadedId: `id${i}` })) };
    expect(fileProgress(up)).toEqual({ done: 2, total: 2 });
    expect(bodyWithFiles(up)).toEqual({ title: 't', attachment_ids: ['id0', 'id1'] });
    // An entry without files is sent as it is.
    expect(bodyWithFiles(newEntry({ method: 'POST', url: '/x', body: { a: 1 }, label: 'l' }, 1))).toEqual({ a: 1 });
  });
});
